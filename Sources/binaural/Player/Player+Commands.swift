import RemoteControl

extension Player {
  /// Adds a target to every command the player carries out, in the application's command
  /// center. Raise has nothing to bring to the front (Binaural has no window), so it stays
  /// disabled: MPRIS `CanRaise` is `false`.
  func registerCommandTargets() {
    let commands = application.commandCenter
    commands.playCommand.addTarget { [unowned self] _ in
      play()
      return .success
    }
    commands.pauseCommand.addTarget { [unowned self] _ in
      pause()
      return .success
    }
    commands.togglePlayPauseCommand.addTarget { [unowned self] _ in
      togglePlayPause()
      return .success
    }
    commands.stopCommand.addTarget { [unowned self] _ in
      stop()
      return .success
    }
    commands.nextTrackCommand.addTarget { [unowned self] _ in
      nextPreset()
      return .success
    }
    commands.previousTrackCommand.addTarget { [unowned self] _ in
      previousPreset()
      return .success
    }
    commands.skipForwardCommand.addTarget { [unowned self] event in
      guard case .skipForward(let interval) = event.command else { return .commandFailed }
      skip(by: interval.seconds)
      return .success
    }
    commands.skipBackwardCommand.addTarget { [unowned self] event in
      guard case .skipBackward(let interval) = event.command else { return .commandFailed }
      skip(by: -interval.seconds)
      return .success
    }
    commands.changePlaybackPositionCommand.addTarget { [unowned self] event in
      guard case .changePlaybackPosition(let position) = event.command else { return .commandFailed }
      seek(to: position.seconds)
      return .success
    }
    commands.changePlaybackRateCommand.addTarget { [unowned self] event in
      guard case .changePlaybackRate(let rate) = event.command, rate > 0 else { return .commandFailed }
      setRate(rate)
      return .success
    }
    commands.changeRepeatModeCommand.addTarget { [unowned self] event in
      guard case .changeRepeatMode(let mode) = event.command else { return .commandFailed }
      repeatMode = mode
      return .success
    }
    commands.changeShuffleModeCommand.addTarget { [unowned self] event in
      guard case .changeShuffleMode(let mode) = event.command else { return .commandFailed }
      shuffleMode = mode
      return .success
    }
    commands.changeVolumeCommand.addTarget { [unowned self] event in
      guard case .changeVolume(let volume) = event.command else { return .commandFailed }
      self.volume = volume
      return .success
    }
    commands.quitCommand.addTarget { [unowned self] _ in
      onQuit()
      return .success
    }
    commands.raiseCommand.isEnabled = false
    // Binaural plays its own presets only; it opens no URIs, rates nothing, has no languages.
    for command in [
      commands.openURICommand, commands.ratingCommand, commands.likeCommand, commands.dislikeCommand,
      commands.bookmarkCommand, commands.enableLanguageOptionCommand, commands.disableLanguageOptionCommand,
    ] {
      command.isEnabled = false
    }
  }
}
