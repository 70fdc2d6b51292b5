internal import RemoteControlMPRIS

/// The rules on CanGoNext and CanGoPrevious against Next and Previous.
extension ConformanceChecker {
  // MARK: - Can* flags against methods

  /// CanGoNext and CanGoPrevious against what Next and Previous do: a true flag must change
  /// the track (a Metadata PropertiesChanged with another mpris:trackid), a false one must not.
  func checkTrackFlags() async -> RuleResult {
    let rule = "can-go-next-previous-match-methods"
    var failures: [String] = []
    var seen: [String] = []
    for (flag, method) in [(PlayerProperty.canGoNext, PlayerMethod.next), (.canGoPrevious, .previous)] {
      await log.settle()
      let read = await self.state()
      guard case .success(let state) = read else { return .fail(rule, read.failureText) }
      let allowed = flag == .canGoNext ? state.canGoNext : state.canGoPrevious
      let before = state.trackID
      let mark = await log.mark
      var failure: String?
      do {
        try await player.call(method)
      } catch {
        failure = error.message
      }
      let changed = await log.first(since: mark, within: allowed ? signalTimeout : quietWindow) {
        guard let metadata = $0.changedPlayerProperties?[property: .metadata]?.dictionaryValue else {
          return false
        }
        return metadata[MetadataKey.trackID.rawValue]?.unwrapped.stringValue != before
      }
      switch (allowed, changed != nil) {
      case (true, false):
        failures.append(
          "\(flag.rawValue) is true but \(method.rawValue) "
            + (failure.map { "failed: \($0)" } ?? "did not change the track"))
      case (false, true):
        failures.append("\(flag.rawValue) is false but \(method.rawValue) changed the track")
      default:
        seen.append("\(flag.rawValue)=\(allowed)")
      }
    }
    return .from(
      rule, failures: failures, passing: seen.joined(separator: ", ") + ", and Next/Previous did accordingly")
  }
}
