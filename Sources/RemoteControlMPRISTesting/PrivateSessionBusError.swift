public import RemoteControl

/// Why a private session bus could not be started.
public struct PrivateSessionBusError: CodedError {
  /// What failed, as a value to switch on.
  public struct Code: Sendable, Hashable {
    let rawValue: UInt8
    /// `dbus-daemon` is not on `PATH`.
    public static let daemonNotFound = Code(rawValue: 1)
    /// `dbus-daemon` (or the folder for its socket) could not be started, or it did not print
    /// its address in time.
    public static let daemonFailed = Code(rawValue: 2)
  }

  /// What failed.
  public var code: Code
  /// What failed and why, in words, with what to do about it.
  public var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}
