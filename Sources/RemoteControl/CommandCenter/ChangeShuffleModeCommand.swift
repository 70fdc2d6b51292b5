/// The command that changes the shuffle mode, with the mode now in force.
///
/// The corresponding MediaPlayer class is `MPChangeShuffleModeCommand`; MPRIS's `Shuffle`
/// is `true` when ``currentShuffleType`` is not ``ShuffleMode/off``.
@MainActor
public final class ChangeShuffleModeCommand: RemoteCommand {
  /// The shuffle mode now in force; set it when your player's mode changes.
  public var currentShuffleType: ShuffleMode = .off {
    didSet { if oldValue != currentShuffleType { didChange() } }
  }
}
