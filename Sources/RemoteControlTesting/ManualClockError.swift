public import RemoteControl

/// Why waiting on a ``ManualClock`` failed.
///
/// swift-clocks' `TestClock` reports the same situations as test issues; here they are thrown,
/// so that a test fails where it waited.
public struct ManualClockError: CodedError {
  /// What went wrong, as a value to switch on.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    let rawValue: UInt8
    /// The tasks waited for did not sleep on the clock in time, or sleeps were left after running it.
    public static let timedOut = Code(rawValue: 1)
    /// Tasks still sleep on the clock (``ManualClock/checkSuspension()``).
    public static let sleepersRemain = Code(rawValue: 2)

    /// The code's name.
    public var description: String {
      switch rawValue {
      case 1: "timedOut"
      default: "sleepersRemain"
      }
    }
  }

  /// What went wrong.
  public var code: Code
  /// What went wrong, in words.
  public var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}
