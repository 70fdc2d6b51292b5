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

@Suite("What the doctor says of the lists other programs make")
struct DoctorListTests {
  static let apps: Set<String> = ["org.mpris.MediaPlayer2.music", "org.mpris.MediaPlayer2.video"]
  static let hubPlayers = ["org.mpris.MediaPlayer2.music", "org.mpris.MediaPlayer2.video"]

  @Test func `KDE Connect beside a running playerctld: the keys' player is named, and stopping playerctld`() {
    let findings = Doctor.listFindings(
      busNames: Self.apps.union([
        "org.gnome.Shell", "org.kde.kdeconnect", "org.mpris.MediaPlayer2.playerctld",
        "org.mpris.MediaPlayer2.playerctld.remotectld",
      ]), hubHoldsPlayerctld: false, hubPlayers: Self.hubPlayers)
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.first?.text.contains("org.mpris.MediaPlayer2.playerctld.remotectld") == true)
    #expect(findings.first?.fix?.contains("stop playerctld") == true)
  }

  @Test func `Valent beside GNOME Shell: the keys' player under playerctld's name, and --proxy off`() {
    let findings = Doctor.listFindings(
      busNames: Self.apps.union([
        "org.gnome.Shell", "ca.andyholmes.Valent", "org.mpris.MediaPlayer2.playerctld",
      ]),
      hubHoldsPlayerctld: true, hubPlayers: Self.hubPlayers)
    #expect(findings.map(\.text).contains { $0.contains("Valent lists every MPRIS name") }, "\(findings)")
    #expect(findings.first?.fix?.contains("--proxy off") == true)
  }

  @Test func `Valent beside a playerctld the hub does not hold, no shell: nothing of the hub's to list`() {
    let findings = Doctor.listFindings(
      busNames: Self.apps.union(["ca.andyholmes.Valent", "org.mpris.MediaPlayer2.playerctld"]),
      hubHoldsPlayerctld: false, hubPlayers: Self.hubPlayers)
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func `KDE Connect with the keys' player under playerctld's name: nothing to say`() {
    let findings = Doctor.listFindings(
      busNames: Self.apps.union([
        "org.kde.plasmashell", "org.kde.kdeconnect", "org.mpris.MediaPlayer2.playerctld",
      ]),
      hubHoldsPlayerctld: true, hubPlayers: Self.hubPlayers)
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func `Chromium's player the hub left out as a bridged page's twin: the flag`() {
    let twin = "org.mpris.MediaPlayer2.chromium.instance4242"
    let findings = Doctor.listFindings(
      busNames: Self.apps.union([twin, "org.mpris.MediaPlayer2.ToneDemo"]), hubHoldsPlayerctld: false,
      hubPlayers: Self.hubPlayers + ["org.mpris.MediaPlayer2.ToneDemo"])
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.first?.text.contains("chromium.instance4242") == true)
    #expect(findings.first?.fix?.contains("--disable-features=HardwareMediaKeyHandling") == true)
    // A Chromium player the hub lists is a tab of its own, not a twin.
    #expect(
      Doctor.listFindings(
        busNames: Self.apps.union([twin]), hubHoldsPlayerctld: false, hubPlayers: Self.hubPlayers + [twin]
      ).isEmpty)
  }

  @Test func `no hub: nothing to say of its names`() {
    #expect(
      Doctor.listFindings(
        busNames: Self.apps.union(["org.kde.kdeconnect", "org.mpris.MediaPlayer2.chromium.instance1"]),
        hubHoldsPlayerctld: false, hubPlayers: nil
      ).isEmpty)
  }
}
