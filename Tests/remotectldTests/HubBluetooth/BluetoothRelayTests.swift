import BusTestSupport
import Foundation
import Testing

/// The hub's own relays of Bluetooth devices' players (`org.bluez.MediaPlayer1` on the BlueZ
/// double, ``BlueZDouble``), as session MPRIS players: listed and driven by playerctl, their
/// commands reaching the device's player (the double records each call, python3-dbusmock's
/// `GetMethodCalls`), Now Playing only while the device streams here, and one entry per device
/// player beside the real mpris-proxy.
@Suite(
  "The hub's relays of Bluetooth devices' players", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct BluetoothRelayTests {
  /// A2DP Sink as the local endpoint: the device is the source and streams to this computer.
  static let streamsHere = "0000110b-0000-1000-8000-00805f9b34fb"
  /// A2DP Source as the local endpoint: this computer streams to the device.
  static let streamsThere = "0000110a-0000-1000-8000-00805f9b34fb"

  /// The process of the connection that owns `name` on the session bus; `nil` when none does.
  static func processIdentifier(of name: String, on bus: PrivateBus) async throws -> Int32? {
    let result = try await bus.busctl(
      "call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "GetConnectionUnixProcessID", "s", name)
    guard result.status == 0 else { return nil }
    return result.output.split(separator: " ").last.flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// `playerctl -l`'s players, one a line.
  static func listed(on bus: PrivateBus) async throws -> [String] {
    try await bus.playerctl("-l").output.split(separator: "\n").map(String.init)
  }

  @Test
  func
    `a phone's player is relayed as a session player: listed, its properties mapped, its commands reach the phone`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
      let player = try await double.addPlayer(
        device: phone,
        "{'Name': <'Music'>, 'Status': <'paused'>, 'Position': <uint32 1500>, 'Shuffle': <'off'>, "
          + "'Repeat': <'alltracks'>, 'Track': <{'Title': <'Song'>, 'Artist': <'Band'>, "
          + "'Duration': <uint32 215000>, 'TrackNumber': <uint32 3>}>}")
      let hub = try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      try await bus.waitForName("org.mpris.MediaPlayer2.Phone_Music")
      #expect(
        try await Self.processIdentifier(of: "org.mpris.MediaPlayer2.Phone_Music", on: bus)
          == hub.processIdentifier)
      try await eventually("playerctl to list the phone's player", { try await Self.listed(on: bus) }) {
        $0.contains("Phone_Music")
      }
      try await eventually("the hub to list it", { try await bus.hubPlayers() }) { $0 == ["Phone_Music"] }

      // MediaPlayer1's properties as MPRIS (ms → µs, Repeat → LoopStatus, Shuffle).
      let metadata = try await bus.playerctl(
        "-p", "Phone_Music", "metadata", "--format",
        "{{title}}|{{artist}}|{{mpris:length}}|{{xesam:trackNumber}}")
      #expect(
        metadata.output.trimmingCharacters(in: .whitespacesAndNewlines) == "Song|Band|215000000|3",
        "\(metadata)")
      #expect(try await bus.playerctl("-p", "Phone_Music", "status").output.hasPrefix("Paused"))
      #expect(try await bus.playerctl("-p", "Phone_Music", "loop").output.hasPrefix("Playlist"))
      #expect(try await bus.playerctl("-p", "Phone_Music", "shuffle").output.hasPrefix("Off"))
      #expect(try await bus.playerctl("-p", "Phone_Music", "position").output.hasPrefix("1.5"))
      let identity = try await bus.strings(
        "org.mpris.MediaPlayer2.Phone_Music", "org.mpris.MediaPlayer2", "Identity")
      #expect(identity == ["Phone Music"])

      // Commands by name reach the phone's MediaPlayer1.
      let next = try await bus.playerctl("-p", "Phone_Music", "next")
      #expect(next.status == 0, "\(next)")
      try await eventually("the phone's player to get Next") {
        try await double.calls("Next", on: player) == 1
      }
      try await bus.playerctl("-p", "Phone_Music", "play-pause")
      try await eventually("PlayPause to be Play while the phone is paused") {
        try await double.calls("Play", on: player) == 1
      }
      try await double.change(player, "org.bluez.MediaPlayer1", "{'Status': <'playing'>}")
      try await eventually(
        "the relay to say Playing", { try await bus.playerctl("-p", "Phone_Music", "status").output }
      ) { $0.hasPrefix("Playing") }
      try await bus.playerctl("-p", "Phone_Music", "play-pause")
      try await eventually("PlayPause to be Pause while it plays") {
        try await double.calls("Pause", on: player) == 1
      }
      for method in ["Stop", "Previous"] {
        try await bus.gdbusCall(
          "org.mpris.MediaPlayer2.Phone_Music", "org.mpris.MediaPlayer2.Player.\(method)")
        try await eventually("the phone's player to get \(method)") {
          try await double.calls(method, on: player) == 1
        }
      }
      // A new track is announced on the relay; MPRIS's two settings are written through to the
      // phone's MediaPlayer1 (mpris-proxy's `set_shuffle` and `set_repeat`).
      let announced = try SignalMonitor(on: bus, sender: "org.mpris.MediaPlayer2.Phone_Music")
      try await announced.ready()
      try await double.change(player, "org.bluez.MediaPlayer1", "{'Track': <{'Title': <'Other Song'>}>}")
      _ = try await announced.wait(for: "Other Song")
      await announced.stop()
      try await bus.playerctl("-p", "Phone_Music", "shuffle", "On")
      try await eventually(
        "the phone's Shuffle to be set, and read back",
        { try await bus.playerctl("-p", "Phone_Music", "shuffle").output }
      ) { $0.hasPrefix("On") }
      let shuffle = try await double.call(
        "org.freedesktop.DBus.Properties.Get", ["org.bluez.MediaPlayer1", "Shuffle"], path: player)
      #expect(shuffle.contains("alltracks"), "\(shuffle)")

      // What MediaPlayer1 cannot do is refused, saying so.
      let seek = try await bus.gdbusCallResult(
        "org.mpris.MediaPlayer2.Phone_Music", "org.mpris.MediaPlayer2.Player.Seek", ["int64 5000000"])
      #expect(seek.status != 0 && seek.error.contains("NotSupported"), "\(seek)")
      #expect(seek.error.contains("cannot Seek"), "\(seek)")

      // The device goes while a call is on its way (bluetoothd drops the object before the hub
      // hears InterfacesRemoved): the caller gets an error that says so, and the hub serves on.
      try await double.call("org.freedesktop.DBus.Mock.RemoveObject", [player])
      let late = try await bus.gdbusCallResult(
        "org.mpris.MediaPlayer2.Phone_Music", "org.mpris.MediaPlayer2.Player.Next")
      #expect(late.status != 0 && late.error.contains("is gone (the device disconnected)"), "\(late)")
      try await bus.startBinaural("music")
      try await eventually("the hub to serve on", { try await bus.hubPlayers() }) {
        Set($0) == ["music", "Phone_Music"]
      }
    }
  }

  @Test
  func `a device player whose device has no usable alias is logged, not relayed, and the hub serves on`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
      try await double.change(phone, "org.bluez.Device1", "{'Alias': <int32 7>}")
      try await double.addPlayer(device: phone, "{'Name': <'Music'>, 'Status': <'playing'>}")
      try await BluetoothTests.startHub(on: bus, system: system)
      try await eventually("the hub to say it cannot name the player") {
        try BluetoothTests.log(of: bus).contains("the hub cannot name it and does not relay it")
      }
      try await bus.startBinaural("music")
      try await eventually("the hub to serve binaural alone", { try await bus.hubPlayers() }) {
        $0 == ["music"]
      }
    }
  }

  @Test func `a relayed device player that goes is withdrawn with it`() async throws {
    try await BluetoothTests.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
      let player = try await double.addPlayer(device: phone, "{'Name': <'Music'>, 'Status': <'paused'>}")
      try await BluetoothTests.startHub(on: bus, system: system)
      try await eventually("the hub to list its relay", { try await bus.hubPlayers() }) {
        $0 == ["Phone_Music"]
      }
      // The device goes: the relay is withdrawn with it.
      try await double.call("RemoveAnnounced", [player])
      try await eventually("the hub to withdraw the relay", { try await bus.hubPlayers() }) { $0.isEmpty }
    }
  }

  @Test
  func
    `the hub's relay of a phone is never Now Playing without a transport, and is while the phone streams here`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      let phone = try await BluetoothTests.startPhonePlaying(on: bus, double, system)
      try await eventually("the hub to list its relay", { try await bus.hubPlayers() }) {
        Set($0) == ["music", "Phone_Music"]
      }
      try await BluetoothTests.waitForRule(on: bus, eligible: false, device: phone)
      #expect(try BluetoothTests.log(of: bus).contains("relay=the hub"))
      // Playing, but not here: binaural stays Now Playing.
      #expect(try await bus.hubActive() == "music")

      // The phone streams to this computer (A2DP Sink is the local endpoint, acquired).
      let transport = try await double.addTransport(device: phone, uuid: Self.streamsHere, state: "active")
      try await BluetoothTests.waitForRule(on: bus, eligible: true, device: phone)
      try await eventually("the relay to be Now Playing", { try await bus.hubActive() }) {
        $0 == "Phone_Music"
      }

      // The stream ends: back to binaural.
      try await double.change(transport, "org.bluez.MediaTransport1", "{'State': <'idle'>}")
      try await eventually("binaural to be Now Playing again", { try await bus.hubActive() }) {
        $0 == "music"
      }
    }
  }

  @Test func `a headphone's relay never takes the proxy's PlayPause, and stays controllable by name`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      let headphones = try await double.addDevice("AA:BB:CC:DD:EE:01", alias: "Headphones")
      // Stuck "playing" with no metadata, this computer streaming to it.
      let player = try await double.addPlayer(device: headphones, "{'Status': <'playing'>}")
      try await double.addTransport(device: headphones, uuid: Self.streamsThere, state: "active")
      try await BluetoothTests.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      try await eventually("the hub to list the relay", { try await bus.hubPlayers() }) {
        Set($0) == ["music", "Headphones"]
      }
      try await BluetoothTests.waitForRule(on: bus, eligible: false, device: headphones)
      #expect(try await bus.hubActive() == "music")

      try await BluetoothTests.expectProxyPresses(reach: "music", notDevice: player, on: bus, double)
      try await bus.playerctl("-p", "Headphones", "pause")
      try await eventually("the headphones' player to get Pause") {
        try await double.calls("Pause", on: player) == 1
      }
    }
  }

  @Test
  func `after the session bus restarts, the hub's relay of a headphone's player is back and held back again`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      let (headphones, player) = try await double.addPlayingHeadphones()
      let hub = try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      try await bus.startBinaural("music")
      try await BluetoothTests.waitForRule(on: bus, eligible: false, device: headphones)
      try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "music" }

      // The relay's connection comes back under a new unique name, asks for its name again, and
      // is entered in the registry again; the rule holds the new owner back.
      try await bus.restart()
      try await bus.waitForName(PrivateBus.hubName)
      try await bus.waitForName("org.mpris.MediaPlayer2.Headphones")
      #expect(
        try await Self.processIdentifier(of: "org.mpris.MediaPlayer2.Headphones", on: bus)
          == hub.processIdentifier)
      try await eventually("the hub to list both again", { try await bus.hubPlayers() }) {
        $0.sorted() == ["Headphones", "music"]
      }
      try await eventually("the hub to hold the relay back again") {
        try BluetoothTests.log(of: bus).components(separatedBy: "listed but not Now Playing").count - 1 >= 2
      }
      #expect(try await bus.hubActive() == "music")
      try await bus.playerctl("-p", "Headphones", "next")
      try await eventually("the headphones' player to get Next") {
        try await double.calls("Next", on: player) == 1
      }
    }
  }

  @Test
  func `beside a running mpris-proxy: one entry per device player, and the hub takes over when it stops`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      let (headphones, player) = try await double.addPlayingHeadphones()
      let proxy = try BluetoothTests.startMPRISProxy(on: bus, system: system)
      try await bus.waitForName("org.mpris.MediaPlayer2.Headphones")
      let hub = try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      try await bus.startBinaural("music")
      try await eventually("the hub to yield to mpris-proxy") {
        try BluetoothTests.log(of: bus).contains("relayed by another program (mpris-proxy)")
      }
      try await eventually("the hub to list both", { try await bus.hubPlayers() }) {
        Set($0) == ["music", "Headphones"]
      }
      #expect(try await bus.hubPlayers().filter { $0.contains("Headphones") }.count == 1)
      #expect(try await Self.listed(on: bus).filter { $0.contains("Headphones") } == ["Headphones"])
      #expect(
        try await Self.processIdentifier(of: "org.mpris.MediaPlayer2.Headphones", on: bus)
          == proxy.processIdentifier)

      // mpris-proxy stops: the hub relays the headphones' player, still one entry.
      _ = await proxy.terminate()
      try await eventually(
        "the hub to take the headphones' player over",
        { try await Self.processIdentifier(of: "org.mpris.MediaPlayer2.Headphones", on: bus) }
      ) { $0 == hub.processIdentifier }
      try await eventually("the hub to list its relay", { try await bus.hubPlayers() }) {
        $0.filter { $0.contains("Headphones") } == ["Headphones"]
      }
      try await BluetoothTests.waitForRule(on: bus, eligible: false, device: headphones)
      #expect(try await bus.hubActive() == "music")

      // mpris-proxy starts again, after the hub: it finds the name taken (it asks with
      // DBUS_NAME_FLAG_DO_NOT_QUEUE) and makes no second entry.
      try BluetoothTests.startMPRISProxy(on: bus, system: system, log: "mpris-proxy-after.log")
      try await eventually("mpris-proxy to give the headphones' player up") {
        let log =
          (try? String(
            contentsOf: bus.directory.appendingPathComponent("mpris-proxy-after.log"), encoding: .utf8)) ?? ""
        return log.contains("Could not register bus name")
      }
      #expect(try await Self.listed(on: bus).filter { $0.contains("Headphones") } == ["Headphones"])
      #expect(
        try await Self.processIdentifier(of: "org.mpris.MediaPlayer2.Headphones", on: bus)
          == hub.processIdentifier)
      try await bus.playerctl("-p", "Headphones", "next")
      try await eventually("the headphones' player to get Next") {
        try await double.calls("Next", on: player) == 1
      }
    }
  }
}
