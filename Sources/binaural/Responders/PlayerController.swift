import RemoteControl

/// The player's controller, the first responder: remote control events that no command target
/// takes start here, and go on to the ``ContinuousSeek`` inserted after it, which turns held
/// seek buttons (begin and end seeking events) into repeated skips, and then to the application.
@MainActor
final class PlayerController: Responder {
  /// The player it controls.
  let player: Player
  /// The seek timers of held seek buttons: the dedicated responder after this controller (the
  /// keyboard view shows and toggles them).
  let seek: ContinuousSeek

  /// A controller whose next responder is a new ``ContinuousSeek``, whose next is the
  /// application.
  init(player: Player) {
    self.player = player
    seek = ContinuousSeek(
      application: player.application,
      configuration: ContinuousSeek.Configuration(mode: .skip(.seconds(10))))
    super.init()
  }

  /// The continuous-seek responder, always.
  override var next: Responder? { seek }

  /// It may become the first responder.
  override var canBecomeFirstResponder: Bool { true }
}
