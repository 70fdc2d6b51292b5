import RemoteControlMPRIS
import Testing

@testable import remotectl

@Suite("What the doctor concludes")
struct DoctorTests {
  @Test func `a player that does not receive events is told to begin receiving them`() {
    let finding = Doctor.diagnose(
      probeError: ClientError(
        name: "org.freedesktop.DBus.Error.Failed",
        message: "the player is not receiving remote control events, so skipForward was not delivered"))
    #expect(finding.kind == .problem)
    #expect(finding.fix?.contains("beginReceivingRemoteControlEvents()") == true)
  }

  @Test func `an unhandled command is told to get a handler`() {
    let finding = Doctor.diagnose(
      probeError: ClientError(
        name: "org.freedesktop.DBus.Error.Failed",
        message: "nothing in the player handled the skipForward command"))
    #expect(finding.kind == .problem)
    #expect(finding.fix?.contains("handler") == true)
  }

  @Test func `disabled commands are named with the command-center switch that enables them`() {
    let findings = Doctor.commandFlags(
      PlayerState(properties: [
        "CanPlay": .bool(true), "CanPause": .bool(true), "CanGoNext": .bool(false),
        "CanGoPrevious": .bool(true),
        "CanSeek": .bool(true), "CanControl": .bool(true),
      ]))
    #expect(findings.count == 1)
    #expect(findings[0].text.hasPrefix("CanGoNext is false"))
    #expect(findings[0].text.contains("nextTrackCommand"))
    #expect(findings[0].kind == .note)
    #expect(findings[0].fix == nil, "the app may have disabled it on purpose: no advice to enable it")
  }

  @Test func `a player that never played is not the Now Playing one, and the doctor says which is`() {
    let finding = Doctor.nowPlaying(
      PlayerIdentity(instance: "binaural"),
      activity: ["binaural": .init(status: .stopped), "mpv": .init(status: .playing)])
    #expect(finding.kind == .problem)
    #expect(finding.text.contains("mpv is (playing)"))
    #expect(finding.line.contains("→ fix: start playback in binaural once"))
  }
}
