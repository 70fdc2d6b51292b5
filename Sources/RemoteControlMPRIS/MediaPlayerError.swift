public import RemoteControl

/// Why a media player could not be put on the bus.
public struct MediaPlayerError: CodedError {
  /// What failed, as a value to switch on.
  public struct Code: Sendable, Hashable {
    let rawValue: UInt8
    /// The bus could not be reached (no bus at the address, or no session bus).
    public static let connectionFailed = Code(rawValue: 1)
    /// The MPRIS interfaces could not be exported.
    public static let exportFailed = Code(rawValue: 2)
    /// The player name does not make a valid bus name.
    public static let invalidName = Code(rawValue: 3)
    /// The bus did not answer the name request, or refused it.
    public static let nameRequestFailed = Code(rawValue: 4)
    /// Both the name and its `.instance<pid>` form are owned by others.
    public static let nameTaken = Code(rawValue: 5)
  }

  /// What failed.
  public var code: Code
  /// What failed and why, in words.
  public var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}
