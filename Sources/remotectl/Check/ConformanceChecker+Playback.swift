internal import RemoteControlMPRIS

/// The rules on Play and Pause.
extension ConformanceChecker {
  // MARK: - Playback

  func checkPlay(_ initial: PlayerState) async -> RuleResult {
    let rule = "play-signals-playing"
    guard initial.canPlay else { return .pass(rule, "CanPlay is false; Play not tried") }
    let mark = await log.mark
    do {
      try await player.play()
    } catch {
      return .fail(rule, "CanPlay is true but Play failed: \(error.message)")
    }
    if initial.playbackStatus == .playing { return .pass(rule, "already Playing; Play accepted") }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?[property: .playbackStatus]?.stringValue == "Playing"
    }
    let status = await Self.result { () async throws(ClientError) in
      try await player.property(.playbackStatus)
    }
    if event == nil {
      return .fail(rule, "no PropertiesChanged with PlaybackStatus Playing within \(signalTimeout)")
    }
    switch status {
    case .failure(let error):
      return .fail(rule, "PlaybackStatus cannot be read after Play: \(error.message)")
    case .success(let status) where status.stringValue != "Playing":
      return .fail(rule, "PlaybackStatus reads \(status.stringValue ?? status.signature) after Play")
    case .success: break
    }
    return .pass(rule, "Play gave PropertiesChanged PlaybackStatus=Playing")
  }

  func checkPause(_ initial: PlayerState) async -> RuleResult {
    let rule = "pause-signals-paused"
    guard initial.canPause else { return .pass(rule, "CanPause is false; Pause not tried") }
    let playing = await self.isPlaying()
    guard case .success(let isPlaying) = playing else { return .fail(rule, playing.failureText) }
    guard isPlaying else { return .pass(rule, "not Playing, so Pause not tried") }
    let mark = await log.mark
    do {
      try await player.pause()
    } catch {
      return .fail(rule, "CanPause is true but Pause failed: \(error.message)")
    }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?[property: .playbackStatus]?.stringValue == "Paused"
    }
    if event == nil {
      return .fail(rule, "no PropertiesChanged with PlaybackStatus Paused within \(signalTimeout)")
    }
    return .pass(rule, "Pause gave PropertiesChanged PlaybackStatus=Paused")
  }
}
