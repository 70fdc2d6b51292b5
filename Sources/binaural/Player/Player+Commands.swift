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
    commands.skipForwardCommand.addTarget { [unowned self] (interval: Duration) in
      skip(by: interval / .seconds(1))
      return .success
    }
    commands.skipBackwardCommand.addTarget { [unowned self] (interval: Duration) in
      skip(by: -(interval / .seconds(1)))
      return .success
    }
    commands.changePlaybackPositionCommand.addTarget { [unowned self] (position: Duration) in
      seek(to: position / .seconds(1))
      return .success
    }
    commands.changePlaybackRateCommand.addTarget { [unowned self] (rate: Double) in
      // MPRIS turns Rate 0 into a pause and refuses rates outside the supported ones; a rate
      // from elsewhere (a backward continuous seek, say) may still be negative.
      guard rate > 0 else { return .commandFailed }
      setRate(rate)
      return .success
    }
    commands.changeRepeatModeCommand.addTarget { [unowned self] (mode: RepeatMode) in
      repeatMode = mode
      return .success
    }
    commands.changeShuffleModeCommand.addTarget { [unowned self] (mode: ShuffleMode) in
      shuffleMode = mode
      return .success
    }
    commands.changeVolumeCommand.addTarget { [unowned self] (volume: Double) in
      self.volume = volume
      return .success
    }
    commands.quitCommand.addTarget { [unowned self] _ in
      onQuit()
      return .success
    }
    commands.raiseCommand.isEnabled = false
    registerFavouriteTarget()
    // Binaural plays its own presets only; it opens no URIs, rates nothing, has no languages;
    // like marks a favourite, nothing else gives feedback.
    for command in [
      commands.openURICommand, commands.ratingCommand, commands.dislikeCommand,
      commands.bookmarkCommand, commands.enableLanguageOptionCommand, commands.disableLanguageOptionCommand,
    ] {
      command.isEnabled = false
    }
  }
}
