package import RemoteControl

/// Sends an application the events a backend's controllers ask for, from any thread.
///
/// The backend's thread only starts a task on the main actor and returns: it never waits for
/// the main actor, so a handler that takes long (or never returns) delays only its own answer.
package struct EventSender: Sendable {
  /// Where events go.
  package let application: Application

  /// A sender to `application`.
  package init(application: Application) {
    self.application = application
  }

  /// Delivers `event` on the main actor, then calls `answer` there with its outcome.
  package func send(
    _ event: RemoteControlEvent,
    then answer: @escaping @MainActor @Sendable (RemoteControlEventOutcome) -> Void = { _ in }
  ) {
    let application = application
    Task { @MainActor in answer(await application.send(event)) }
  }
}
