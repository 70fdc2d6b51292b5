/// The command that sets the volume, with the volume now in force.
///
/// MediaPlayer has no such command; MPRIS has the `Player.Volume` property, which shows
/// ``currentVolume``.
@MainActor
public final class ChangeVolumeCommand: RemoteCommand {
  /// The volume now in force: 1 is full volume, 0 silence. Default: 1.
  public var currentVolume: Double = 1 {
    didSet { if oldValue != currentVolume { didChange() } }
  }
}
