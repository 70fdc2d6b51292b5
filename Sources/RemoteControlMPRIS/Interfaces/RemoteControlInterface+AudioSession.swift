import DBus
import RemoteControl

extension RemoteControlInterface {
  /// The methods through which the system (a hub that arbitrates the sound, a script) posts
  /// interruptions and route changes into the application's `AudioSession`:
  /// `BeginInterruption()`, `EndInterruption(b ShouldResume)` and `RouteChanged(s Reason)`.
  ///
  /// Each posts on the main actor, in the order of the calls there, so the session's main-actor
  /// observers (the app pausing for a call) have run when the call is answered — as every other
  /// call of the player is answered once its target has run. A bad argument is refused at once.
  static func audioSessionMethods(_ session: AudioSession) -> [Interface.Method] {
    [
      Interface.Method(RemoteControlMethod.beginInterruption) { call in
        post(answering: call) { session.beginInterruption() }
      },
      Interface.Method(RemoteControlMethod.endInterruption) { call in
        guard let shouldResume = call.arguments.first?.boolValue else {
          return call.fail(.invalidArgs("ShouldResume must be a boolean"))
        }
        post(answering: call) { session.endInterruption(options: shouldResume ? .shouldResume : []) }
      },
      Interface.Method(RemoteControlMethod.routeChanged) { call in
        let name = call.arguments.first?.stringValue ?? ""
        guard let reason = AudioSession.RouteChangeReason.allCases.first(where: { "\($0)" == name }) else {
          let known = AudioSession.RouteChangeReason.allCases.map { "\($0)" }.joined(separator: ", ")
          return call.fail(.invalidArgs("no route change reason \"\(name)\": the reasons are \(known)"))
        }
        post(answering: call) { session.changeRoute(to: session.currentRoute, reason: reason) }
      },
    ]
  }

  /// Runs `post` on the main actor, where a post reaches the session's observers before it
  /// returns, then answers `call`. The bus thread only starts the task: it never waits for the
  /// main actor.
  private static func post(answering call: MethodCall, _ post: @escaping @MainActor @Sendable () -> Void) {
    Task { @MainActor in
      post()
      call.reply()
    }
  }
}
