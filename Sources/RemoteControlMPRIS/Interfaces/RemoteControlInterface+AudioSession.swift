import DBus
import RemoteControl

extension RemoteControlInterface {
  /// The methods through which the system (a hub that arbitrates the sound, a script) posts
  /// interruptions and route changes into the application's ``RemoteControl/AudioSession``:
  /// `BeginInterruption()`, `EndInterruption(b ShouldResume)` and `RouteChanged(s Reason)`.
  /// Each is answered as soon as the session has posted it to the app's observers.
  static func audioSessionMethods(_ session: AudioSession) -> [Interface.Method] {
    [
      Interface.Method("BeginInterruption") { call in
        session.beginInterruption()
        call.reply()
      },
      Interface.Method("EndInterruption", in: "b", inNames: ["ShouldResume"]) { call in
        guard let shouldResume = call.arguments.first?.boolValue else {
          return call.fail(.invalidArgs("ShouldResume must be a boolean"))
        }
        session.endInterruption(options: shouldResume ? .shouldResume : [])
        call.reply()
      },
      Interface.Method("RouteChanged", in: "s", inNames: ["Reason"]) { call in
        let name = call.arguments.first?.stringValue ?? ""
        guard let reason = AudioSession.RouteChangeReason.allCases.first(where: { "\($0)" == name }) else {
          let known = AudioSession.RouteChangeReason.allCases.map { "\($0)" }.joined(separator: ", ")
          return call.fail(.invalidArgs("no route change reason \"\(name)\": the reasons are \(known)"))
        }
        session.changeRoute(to: session.currentRoute, reason: reason)
        call.reply()
      },
    ]
  }
}
