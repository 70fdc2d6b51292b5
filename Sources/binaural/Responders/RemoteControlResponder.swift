import RemoteControl

/// Seed 002's dedicated responder: it sits in the responder chain between the player
/// controller and the application, and turns held seek buttons (begin/end seeking events) into
/// repeated skips with a ``ContinuousSeek``.
@MainActor
final class RemoteControlResponder: Responder {
  /// The seek timers of a held button.
  let seek: ContinuousSeek

  /// A responder whose next responder is the application.
  init(application: Application) {
    seek = ContinuousSeek(configuration: ContinuousSeek.Configuration(mode: .skip(.seconds(10))))
    super.init()
    seek.next = application
    next = application
    application.beginReceivingRemoteControlEvents()
  }

  /// Begin and end seeking go to the seek timers; everything else goes on to the application.
  override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    seek.remoteControlReceived(with: event)
  }
}
