import RemoteControl

/// The player's controller, the first responder: remote control events that no command target
/// takes start here, and go on to the ``RemoteControlResponder`` inserted after it.
@MainActor
final class PlayerController: Responder {
  /// The player it controls.
  let player: Player
  private let remoteControl: RemoteControlResponder

  /// A controller whose next responder is a new ``RemoteControlResponder``.
  init(player: Player) {
    self.player = player
    self.remoteControl = RemoteControlResponder(application: player.application)
    super.init()
  }

  /// The seek timers of held seek buttons (the keyboard view shows and toggles them).
  var seek: ContinuousSeek { remoteControl.seek }

  /// The dedicated remote-control responder, always.
  override var next: Responder? {
    get { remoteControl }
    set {}
  }

  /// It may become the first responder.
  override var canBecomeFirstResponder: Bool { true }
}
