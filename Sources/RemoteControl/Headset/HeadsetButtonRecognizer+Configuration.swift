extension HeadsetButtonRecognizer {
  /// The time windows that tell clicks from holds and one sequence from the next.
  ///
  /// Apple publishes no figures for its headset remote; the defaults are chosen to feel like
  /// clicking a wired EarPods remote on an iPhone: clicks about a third of a second apart count
  /// together, and a press becomes a hold after half a second.
  public struct Configuration: Sendable, Hashable {
    /// The longest a release may be followed by the next press for both to belong to one
    /// sequence (a press exactly this long after a release starts a new one). It is also how
    /// long a single or double click waits before it is sent, to see whether another click
    /// follows. Default: 400 ms.
    public var multiClickInterval: Duration
    /// How long a press lasts before it is a hold rather than a click (a press released exactly
    /// this long after it began is a hold). Default: 500 ms.
    public var holdDuration: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - multiClickInterval: The longest gap between the clicks of one sequence.
    ///   - holdDuration: How long a press lasts before it becomes a hold.
    public init(
      multiClickInterval: Duration = .milliseconds(400), holdDuration: Duration = .milliseconds(500)
    ) {
      self.multiClickInterval = multiClickInterval
      self.holdDuration = holdDuration
    }
  }
}
