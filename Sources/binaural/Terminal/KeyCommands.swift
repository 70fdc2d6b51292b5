import RemoteControl

/// What each key of the terminal view asks for: the remote control command it sends.
///
/// Holding a seek button is modelled as a toggle: shift+→ (or `>`) begins seeking forward, and
/// the same key again ends it; shift+← (or `<`) does the same backward. Terminals send no key
/// releases, and auto-repeat would be indistinguishable from presses, so a toggle is the honest
/// model; the seek timers' own timeout ends a seek that is never toggled off.
enum KeyCommands {
  /// How far ← and → skip: the player's preferred skip interval.
  static let skipInterval = Player.skipInterval
  /// How much + and - change the volume.
  static let volumeStep = 0.1

  /// The command for `key`, given the volume now and the seek under way; `nil` for keys that do
  /// nothing.
  static func command(
    for key: Key, volume: Double, seeking: ContinuousSeek.Direction?
  ) -> RemoteControlEvent.Command? {
    switch key {
    case .space: return .togglePlayPause
    case .character("n"): return .nextTrack
    case .character("p"): return .previousTrack
    case .character("q"): return .quit
    case .character("+"), .character("="): return .changeVolume(tenths(min(volume + volumeStep, 1)))
    case .character("-"), .character("_"): return .changeVolume(tenths(max(volume - volumeStep, 0)))
    case .arrow(let forward, shifted: false):
      return forward ? .skipForward(skipInterval) : .skipBackward(skipInterval)
    case .arrow(let forward, shifted: true): return seekToggle(forward: forward, seeking: seeking)
    case .character(">"): return seekToggle(forward: true, seeking: seeking)
    case .character("<"): return seekToggle(forward: false, seeking: seeking)
    case .character: return nil
    }
  }

  /// Begin seeking in that direction, or end the seek when one in that direction is under way.
  private static func seekToggle(forward: Bool, seeking: ContinuousSeek.Direction?)
    -> RemoteControlEvent.Command
  {
    if forward {
      return seeking == .forward ? .endSeekingForward : .beginSeekingForward
    }
    return seeking == .backward ? .endSeekingBackward : .beginSeekingBackward
  }

  /// The keys and what each does, in the order the view lists them, with the skip interval from
  /// ``skipInterval``.
  static let legend = [
    "space play/pause", "n next", "p previous", "←/→ ∓\(skipInterval.components.seconds) s",
    "shift+←/→ or </> seek (again: stop)", "+/- volume", "q quit",
  ]

  /// The keys on one line, as ``legend`` lists them.
  static var help: String { legend.joined(separator: " · ") }

  /// `value` rounded to tenths, so ten presses of + from 0 give exactly 1.
  private static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
