internal import RemoteControlMPRIS

/// The error when the Now Playing player cannot do what it was asked: it names the player and
/// what it lacks, since remotectl then acts on no other (a "like" key must never like a track in
/// a background app).
///
/// It begins with playerctl's `No player could handle this command`, so scripts that read that
/// line read it still.
enum NowPlayingRefusal {
  /// The error for `verb`, refused by `player` (an instance) whose properties are `state`.
  static func error(verb: Verb, player: String, state: PlayerState, chosenByHub: Bool) -> ControlError {
    let lack = gate(of: verb).map { property in
      state.properties[property.rawValue]?.boolValue == true
        ? "it did not take the command" : "\(property.rawValue) is false"
    }
    return ControlError(
      "No player could handle this command: \(describe(player, chosenByHub: chosenByHub)) cannot "
        + "\(verb.name) (\(lack ?? "it did not take the command")); name another with -p")
  }

  /// The error for an extension verb: `player` lacks `what` (the interface, or a `Can…` property).
  static func error(action: ExtensionAction, player: String, lacking what: String, chosenByHub: Bool)
    -> ControlError
  {
    .couldNotExecute(
      "\(describe(player, chosenByHub: chosenByHub)) cannot \(action.name): \(what); name another with -p")
  }

  /// `mpv, the Now Playing player` (`…, the Now Playing hub's choice,` when the hub chose it).
  static func describe(_ player: String, chosenByHub: Bool) -> String {
    chosenByHub ? "\(player), the Now Playing hub's choice," : "\(player), the Now Playing player,"
  }

  /// The `Can*` property playerctl checks before `verb`.
  static func gate(of verb: Verb) -> PlayerProperty? {
    switch verb {
    case .play, .playPause, .stop: .canPlay
    case .pause: .canPause
    case .next: .canGoNext
    case .previous: .canGoPrevious
    case .position: .canSeek
    case .open, .volume, .loop, .shuffle: .canControl
    case .status, .metadata: nil
    }
  }
}
