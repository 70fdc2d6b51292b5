internal import ArgumentParser

/// `play`: MPRIS `org.mpris.MediaPlayer2.Player.Play`, skipped when `CanPlay` is false.
struct PlayVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "play", abstract: "Command the player to play")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .play }
}

/// `pause`: MPRIS `Pause`, skipped when `CanPause` is false.
struct PauseVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "pause", abstract: "Command the player to pause")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .pause }
}

/// `play-pause`: MPRIS `PlayPause`, skipped when `CanPlay` is false (as playerctl does).
struct PlayPauseVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "play-pause", abstract: "Command the player to toggle between play/pause")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .playPause }
}

/// `stop`: MPRIS `Stop`, skipped when `CanPlay` is false (MPRIS has no `CanStop`; playerctl
/// takes `CanPlay` to mean there is a current track).
struct StopVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop", abstract: "Command the player to stop")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .stop }
}

/// `next`: MPRIS `Next`, skipped when `CanGoNext` is false.
struct NextVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "next", abstract: "Command the player to skip to the next track")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .next }
}

/// `previous`: MPRIS `Previous`, skipped when `CanGoPrevious` is false.
struct PreviousVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "previous", abstract: "Command the player to skip to the previous track")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .previous }
}
