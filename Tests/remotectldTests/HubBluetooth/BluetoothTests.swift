import BusTestSupport
import Foundation
import HubAPI
import Testing

/// The hub's Bluetooth part against a double of bluetoothd (``BlueZDouble``: python3-dbusmock's
/// `bluez5` template with what bluetoothd 5.66 has and it lacks, on a private system bus; the
/// kernel here has no Bluetooth, so bluetoothd itself cannot run), with real players on a private
/// session bus.
@Suite(
  "The hub and Bluetooth", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct BluetoothTests {
  static let interface = Bluetooth1.interface

  /// Runs `body` with a new private session bus and a system bus in its folder, and stops both
  /// after it, whether it returns or throws.
  static func withSystemBus(_ body: (PrivateBus, ConfiguredBus) async throws -> Void) async throws {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    do {
      try await body(bus, system)
    } catch {
      await bus.stop()
      await system.stop()
      throw error
    }
    await bus.stop()
    await system.stop()
  }

  /// A session bus, a private system bus with the BlueZ double on it (no adapter yet), and the
  /// hub on both; all stop after `body`.
  static func withBlueZ(
    _ body: (PrivateBus, BlueZDouble, ConfiguredBus) async throws -> Void
  ) async throws {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    let double: BlueZDouble
    do {
      double = try await BlueZDouble.start(on: system)
    } catch {
      await system.stop()
      await bus.stop()
      throw error
    }
    var holder = [double]
    do {
      try await body(bus, double, system)
    } catch {
      let log = (try? Self.log(of: bus)) ?? ""
      await holder[0].stop()
      await bus.stop()
      await system.stop()
      throw TestFailure(
        "\(error)\nthe hub's log:\n\(log)\nthe double's:\n\(holder[0].process.standardOutput)")
    }
    await holder[0].stop()
    await bus.stop()
    await system.stop()
    holder.removeAll()
  }

  static func startHub(on bus: PrivateBus, system: ConfiguredBus) async throws {
    try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
  }

  static func log(of bus: PrivateBus) throws -> String {
    try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
  }

  /// The hub's `Bluetooth1.Adapters`.
  static func adapters(on bus: PrivateBus) async throws -> [String] {
    try await bus.strings(PrivateBus.hubName, interface, Bluetooth1.Property.adapters)
  }

  /// The hub's `Bluetooth1.Reason`.
  static func reason(on bus: PrivateBus) async throws -> String {
    try await bus.strings(PrivateBus.hubName, interface, Bluetooth1.Property.reason).first ?? ""
  }

  @Test func `the hub sees every adapter's Media1, one added after it, and again after bluetoothd restarts`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      try await eventually("the hub to see hci0", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      #expect(try await Self.reason(on: bus) == "")

      try await double.addAdapter("hci1")
      try await eventually("the hub to see hci1 too", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0", "/org/bluez/hci1"]
      }

      // bluetoothd crashes: the hub says so, and sees the adapters of the one that comes back.
      await double.kill()
      try await eventually("the hub to say bluetoothd left", { try await Self.reason(on: bus) }) {
        $0.contains("bluetoothd (org.bluez) is not on the system bus")
      }
      #expect(try await Self.adapters(on: bus) == [])
      let again = try await BlueZDouble.start(on: system)
      defer { _ = again }
      do {
        try await again.addAdapter("hci2")
        try await eventually(
          "the hub to see the new bluetoothd's adapter", { try await Self.adapters(on: bus) }
        ) {
          $0 == ["/org/bluez/hci2"]
        }
      } catch {
        await again.stop()
        throw error
      }
      await again.stop()
    }
  }

  @Test func `no system bus: one log line, said on the bus, and the players are served as before`()
    async throws
  {
    try await PrivateBus.with { bus in
      try await bus.startHubWithoutSystemBus()
      let reason = try await eventually(
        "the hub to say why Bluetooth is off", { try await Self.reason(on: bus) }
      ) {
        $0.hasPrefix("no system bus")
      }
      #expect(reason.contains("Bluetooth devices do not see the Now Playing player"), "\(reason)")
      let log = try Self.log(of: bus)
      #expect(log.components(separatedBy: "Bluetooth devices do not see").count - 1 == 1, "\(log)")
    }
  }

  @Test func `no bluetoothd on the system bus: one log line, and the hub sees it when it comes`() async throws
  {
    try await Self.withSystemBus { bus, system in
      try await Self.startHub(on: bus, system: system)
      try await eventually("the hub to say bluetoothd is not there", { try await Self.reason(on: bus) }) {
        $0.hasPrefix("bluetoothd (org.bluez) is not on the system bus")
      }
      let double = try await BlueZDouble.start(on: system)
      do {
        try await double.addAdapter("hci0")
        try await eventually("the hub to see hci0", { try await Self.adapters(on: bus) }) {
          $0 == ["/org/bluez/hci0"]
        }
        #expect(try await Self.reason(on: bus) == "")
        let log = try Self.log(of: bus)
        #expect(log.components(separatedBy: "is not on the system bus").count - 1 == 1, "\(log)")
      } catch {
        await double.stop()
        throw error
      }
      await double.stop()
    }
  }

  @Test func `a device player with ill-typed properties is logged and the hub serves on`() async throws {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      let phone = try await double.addDevice("11:22:33:44:55:66", alias: "Phone")
      try await double.addPlayer(
        device: phone, "{'Name': <int32 7>, 'Status': <'playing'>, 'Track': <'none'>}")
      try await eventually("the hub to log the ill-typed properties") {
        let log = try Self.log(of: bus)
        return log.contains("property=Name") && log.contains("property=Track") && log.contains("ill-typed")
      }
      try await bus.startBinaural("one")
      // binaural, and the hub's relay of the phone's player, served without what is ill-typed.
      try await eventually("the hub to list binaural", { try await bus.hubPlayers() }) {
        Set($0) == ["one", "Phone"]
      }
      #expect(try await bus.playerctl("-p", "Phone", "status").output.hasPrefix("Playing"))
    }
  }

  // MARK: - Devices' own players, beside mpris-proxy

  /// Starts BlueZ's real `mpris-proxy` on both buses, its errors in `log` in the bus's folder; it
  /// stops with the session bus.
  @discardableResult
  static func startMPRISProxy(
    on bus: PrivateBus, system: ConfiguredBus, log: String = "mpris-proxy.log"
  ) throws -> ChildProcess {
    try bus.start(
      "env", ["DBUS_SYSTEM_BUS_ADDRESS=\(system.address)", "mpris-proxy"],
      standardError: .file(bus.directory.appendingPathComponent(log).path))
  }

  /// Waits until the hub has told whether `player`'s owner may be Now Playing (`eligible`), as
  /// its log says.
  static func waitForRule(on bus: PrivateBus, eligible: Bool, device: String) async throws {
    let words = eligible ? "may be Now Playing" : "listed but not Now Playing"
    try await eventually("the hub to tell \(device)'s player \(words)") {
      try Self.log(of: bus).split(separator: "\n").contains { $0.contains(words) && $0.contains(device) }
    }
  }

  @Test
  func
    `beside mpris-proxy, a headphone's playing player is listed but never Now Playing, and a press never reaches it`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      let headphones = try await double.addDevice("AA:BB:CC:DD:EE:01", alias: "Headphones")
      // This computer streams to the headphones (A2DP Source is the local endpoint: the sound
      // goes out, nothing plays from it here).
      try await double.addTransport(
        device: headphones, uuid: "0000110a-0000-1000-8000-00805f9b34fb", state: "active")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "music" }

      let announced = try SignalMonitor(on: bus, sender: PrivateBus.hubName)
      try await announced.ready()
      try Self.startMPRISProxy(on: bus, system: system)
      // mpris-proxy runs once it registered the session's players with the adapter.
      try await eventually("mpris-proxy to register with hci0") {
        try await double.registrations()["/org/bluez/hci0"]?.players.count ?? 0 >= 2
      }
      // The headphones connect with their player stuck "playing" and no metadata: mpris-proxy
      // and the hub's own relay both ask for its name, and whichever owns it is one entry.
      let player = try await double.addPlayer(device: headphones, "{'Status': <'playing'>}")
      try await Self.waitForRule(on: bus, eligible: false, device: headphones)
      #expect(try await bus.hubPlayers() == ["music", "Headphones"])
      #expect(try await bus.hubActive() == "music")
      // Not even for a moment: held back as its name appeared, before its status was read.
      try await announced.wait(
        for:
          "NowPlayingChanged ('org.mpris.MediaPlayer2.music', ['org.mpris.MediaPlayer2.music', 'org.mpris.MediaPlayer2.Headphones'])"
      )
      #expect(
        !announced.process.standardOutput.contains("NowPlayingChanged ('org.mpris.MediaPlayer2.Headphones'"),
        "\(announced.process.standardOutput)")
      await announced.stop()

      // A press meant for the Now Playing app, through the hub's proxy player.
      try await Self.expectProxyPresses(reach: "music", notDevice: player, on: bus, double)
      // Still controllable by name.
      try await bus.gdbusCall("org.mpris.MediaPlayer2.Headphones", "org.mpris.MediaPlayer2.Player.Pause")
      try await eventually("the headphones' player to get Pause") {
        try await double.calls("Pause", on: player) == 1
      }
    }
  }

  @Test func `a phone's player is Now Playing only once the phone streams to this computer`() async throws {
    try await Self.withBlueZ { bus, double, system in
      let phone = try await Self.startPhonePlaying(on: bus, double, system)
      try Self.startMPRISProxy(on: bus, system: system)
      try await Self.waitForRule(on: bus, eligible: false, device: phone)
      #expect(try await bus.hubActive() == "music")

      // The phone streams to this computer: A2DP Sink is the local endpoint, acquired.
      try await double.addTransport(
        device: phone, uuid: "0000110b-0000-1000-8000-00805f9b34fb", state: "active")
      try await Self.waitForRule(on: bus, eligible: true, device: phone)
      try await eventually("the phone's player to be Now Playing", { try await bus.hubActive() }) {
        $0 == "Phone_Music"
      }
    }
  }

  @Test
  func
    `after the session bus restarts, the headphones' player is held back again, one entry whoever relays it`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      let headphones = try await double.addPlayingHeadphones().device
      // mpris-proxy first: it relays the headphones' player, the hub does not.
      try Self.startMPRISProxy(on: bus, system: system)
      try await bus.waitForName("org.mpris.MediaPlayer2.Headphones")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "music" }
      try await Self.waitForRule(on: bus, eligible: false, device: headphones)
      #expect(try Self.log(of: bus).contains("relay=mpris-proxy"))
      #expect(try await bus.hubActive() == "music")

      // The bus restarts (BusRestartTests): the hub and binaural reconnect, and mpris-proxy, which
      // libdbus ends when its session bus goes (`dbus_bus_get`'s exit on disconnect), is started
      // again as its user unit would be. Its player comes back under a new unique name, which
      // a restarted bus may hand out again from `:1.0`.
      // mpris-proxy comes back before the hub has reconnected: the hub finds its player among
      // the names already there.
      try await bus.restart()
      try Self.startMPRISProxy(on: bus, system: system, log: "mpris-proxy-again.log")
      try await bus.waitForName("org.mpris.MediaPlayer2.Headphones")
      try await bus.waitForName(PrivateBus.hubName)
      // One entry: mpris-proxy's or the hub's relay, whichever asked for the name first.
      try await eventually("the hub to list both again", { try await bus.hubPlayers() }) {
        $0.sorted() == ["Headphones", "music"]
      }
      let words = "listed but not Now Playing"
      try await eventually("the hub to hold the headphones' player back again") {
        try Self.log(of: bus).components(separatedBy: words).count - 1 >= 2
      }
      // The headphones' player says "playing" and binaural is paused: had the rule not held it
      // back, it would be Now Playing now.
      #expect(try await bus.hubActive() == "music")
      try await bus.gdbusCall("org.mpris.MediaPlayer2.remotectld", "org.mpris.MediaPlayer2.Player.PlayPause")
      _ = try await bus.waitForPlayer("music", status: "Playing")
    }
  }

  // MARK: - remotectl doctor

  /// `remotectl doctor`'s output on `bus`.
  static func doctor(on bus: PrivateBus) async throws -> String {
    let result = try await ChildProcess.run(
      BuiltProducts.remotectl, ["doctor"],
      environment: bus.environment)
    return result.output
  }

  @Test func `doctor says what bluetoothd has, and warns of a running mpris-proxy`() async throws {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      try await eventually("the hub to see hci0", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      let without = try await Self.doctor(on: bus)
      #expect(
        without.contains("ok      Bluetooth: bluetoothd has the adapters /org/bluez/hci0"), "\(without)")
      #expect(!without.contains("mpris-proxy"), "\(without)")
      try await eventually("the hub to register with hci0", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      let registered = try await Self.doctor(on: bus)
      #expect(
        registered.contains("the Now Playing player is registered with /org/bluez/hci0"), "\(registered)")

      try Self.startMPRISProxy(on: bus, system: system)
      // mpris-proxy has registered its players with the adapter once the double lists them.
      try await eventually("mpris-proxy to register with hci0") {
        try await double.registrations()["/org/bluez/hci0"]?.players.isEmpty == false
      }
      let with = try await Self.doctor(on: bus)
      #expect(with.contains("PROBLEM mpris-proxy runs (process "), "\(with)")
      #expect(with.contains("fix: `systemctl --user stop mpris-proxy`"), "\(with)")
      #expect(with.contains("which gives a car and earbuds the one registered first"), "\(with)")
    }
  }

  @Test func `doctor says why Bluetooth is off when bluetoothd is not there`() async throws {
    try await Self.withSystemBus { bus, system in
      try await Self.startHub(on: bus, system: system)
      try await eventually("the hub to say bluetoothd is not there", { try await Self.reason(on: bus) }) {
        !$0.isEmpty && !$0.contains("has not started")
      }
      let output = try await Self.doctor(on: bus)
      #expect(
        output.contains("note    Bluetooth: bluetoothd (org.bluez) is not on the system bus"), "\(output)")
    }
  }

  // MARK: - The Now Playing player, registered with each adapter

  /// The hub's registrations: each adapter's players registered by the hub's process, and how
  /// often the hub called RegisterPlayer there.
  static func hubRegistrations(
    _ double: BlueZDouble, system: ConfiguredBus, hub: ChildProcess
  ) async throws -> [String: (players: Int, calls: Int)] {
    var result: [String: (players: Int, calls: Int)] = [:]
    for (adapter, entry) in try await double.registrations() {
      var players = 0
      for player in entry.players
      where try await system.processIdentifier(of: player.sender) == hub.processIdentifier {
        players += 1
      }
      result[adapter] = (players, entry.calls)
    }
    return result
  }

  static func registered(on bus: PrivateBus) async throws -> [String] {
    try await bus.strings(PrivateBus.hubName, interface, Bluetooth1.Property.registered)
  }

  @Test
  func
    `one registration per adapter with two and three players, one more for a later adapter and after bluetoothd restarts, unregistered at stop`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await double.addAdapter("hci1")
      let hub = try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      try await bus.startBinaural("a")
      try await bus.startBinaural("b")
      try await eventually("the hub to register with both adapters", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0", "/org/bluez/hci1"]
      }
      var registrations = try await Self.hubRegistrations(double, system: system, hub: hub)
      #expect(
        registrations.mapValues { "\($0.players)/\($0.calls)" } == [
          "/org/bluez/hci0": "1/1", "/org/bluez/hci1": "1/1",
        ])
      try await bus.startBinaural("c")
      try await eventually("the hub to list three players", { try await bus.hubPlayers() }) { $0.count == 3 }
      try await bus.tell(
        "c", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("c to be Now Playing", { try await bus.hubActive() }) { $0 == "c" }
      registrations = try await Self.hubRegistrations(double, system: system, hub: hub)
      #expect(
        registrations.mapValues { "\($0.players)/\($0.calls)" } == [
          "/org/bluez/hci0": "1/1", "/org/bluez/hci1": "1/1",
        ])

      // An adapter that comes after the hub.
      try await double.addAdapter("hci2")
      try await eventually("the hub to register with hci2", { try await Self.registered(on: bus) }) {
        $0.contains("/org/bluez/hci2")
      }
      #expect(try await double.registrations()["/org/bluez/hci2"]?.calls == 1)

      // bluetoothd restarts: the hub registers with the new one's adapter, once.
      await double.kill()
      let again = try await BlueZDouble.start(on: system)
      do {
        try await again.addAdapter("hci0")
        try await eventually(
          "the hub to register with the new bluetoothd", { try await Self.registered(on: bus) }
        ) {
          $0 == ["/org/bluez/hci0"]
        }
        #expect(try await again.registrations()["/org/bluez/hci0"]?.calls == 1)
        #expect(
          try await Self.hubRegistrations(again, system: system, hub: hub)["/org/bluez/hci0"]?.players == 1)

        // The hub stops: it unregisters.
        _ = await hub.terminate()
        let after = try await again.registrations()["/org/bluez/hci0"]
        #expect(after?.unregistered == 1, "\((try? Self.log(of: bus)) ?? "")")
        #expect(after?.players.isEmpty == true)
      } catch {
        await again.stop()
        throw error
      }
      await again.stop()
    }
  }

  @Test
  func
    `a car's no-reply Play, Pause and Next reach the Now Playing app; a switch reaches the registration as PropertiesChanged`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("a")
      let titleA = try await bus.waitForPlayer("a")
      try await eventually("the hub to register", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      try await double.waitFor("the registration to carry a's title", \.players.first) { $0?.title == titleA }

      let sent = try await double.press("Play")
      let registered = try await double.firstPlayer()?.properties
      #expect(!sent.hasPrefix("refused"), "\(String(describing: registered))")
      _ = try await bus.waitForPlayer("a", status: "Playing")
      try await double.press("Pause")
      _ = try await bus.waitForPlayer("a", status: "Paused")
      try await double.press("Next")
      try await eventually("a to go to its next track", { try await bus.waitForPlayer("a") }) { $0 != titleA }
      let next = try await bus.waitForPlayer("a")

      // b starts playing and is Now Playing: its title reaches the registered object.
      try await bus.startBinaural("b")
      let titleB = try await bus.waitForPlayer("b")
      try await bus.tell(
        "b", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await double.waitFor("the registration to carry b's title and status", \.players.first) {
        $0?.title == titleB && $0?.status == "Playing"
      }
      #expect(titleB != next)
    }
  }

  @Test func `a Media1 that refuses is logged, and the other adapter is registered`() async throws {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await double.addAdapter("hci1")
      try await double.failRegistrations(on: "/org/bluez/hci1", with: "org.bluez.Error.NotSupported")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("a")
      try await eventually("the hub to register with hci0", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      try await eventually("the hub to log the refusal") {
        try Self.log(of: bus).contains("bluetoothd refused the Now Playing player's registration")
      }
      #expect(try Self.log(of: bus).contains("org.bluez.Error.NotSupported"))
      try await eventually("the hub to list a", { try await bus.hubPlayers() }) { $0 == ["a"] }
    }
  }

  @Test
  func
    `beside mpris-proxy with three players: the hub registers once, mpris-proxy once per player, and a car's press reaches the Now Playing app, never the headphones`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      let (headphones, player) = try await double.addPlayingHeadphones()
      let hub = try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      for name in ["a", "b", "c"] { try await bus.startBinaural(name) }
      try await eventually("the hub to register", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      try Self.startMPRISProxy(on: bus, system: system)
      try await Self.waitForRule(on: bus, eligible: false, device: headphones)
      // mpris-proxy registers each session player it finds (tools/mpris-proxy.c `add_player`),
      // the hub's proxy player and playerctld's name among them.
      let all = try await eventually(
        "mpris-proxy to register a, b and c", { try await double.registrations()["/org/bluez/hci0"] }
      ) {
        ($0?.calls ?? 0) >= 4
      }
      let ours = try await Self.hubRegistrations(double, system: system, hub: hub)["/org/bluez/hci0"]
      #expect(ours?.players == 1)
      let theirs = (all?.players.count ?? 0) - (ours?.players ?? 0)
      #expect(theirs >= 3, "mpris-proxy's registrations: \(theirs)")
      print("RegisterPlayer calls on hci0 with three players: the hub 1, mpris-proxy \(theirs)")

      // The hub registered first, so bluetoothd serves it: a car's press reaches a, Now Playing.
      try await eventually("a to be Now Playing", { try await bus.hubActive() }) { $0 == "a" }
      try await double.press("Play")
      _ = try await bus.waitForPlayer("a", status: "Playing")
      try await double.press("Pause")
      _ = try await bus.waitForPlayer("a", status: "Paused")
      for method in ["Play", "Pause", "Stop", "Next", "Previous"] {
        #expect(try await double.calls(method, on: player) == 0, "\(method) reached the headphones")
      }
    }
  }

  @Test func `a hub started beside a running mpris-proxy holds the headphones' player back too`() async throws
  {
    try await Self.withBlueZ { bus, double, system in
      let headphones = try await double.addPlayingHeadphones().device
      try await bus.startBinaural("music")
      try Self.startMPRISProxy(on: bus, system: system)
      try await bus.waitForName("org.mpris.MediaPlayer2.Headphones")
      try await Self.startHub(on: bus, system: system)
      try await Self.waitForRule(on: bus, eligible: false, device: headphones)
      try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "music" }
      #expect(try await bus.hubPlayers() == ["music", "Headphones"])
    }
  }

  @Test
  func
    `a car's no-reply Play with nothing running brings back the last app, which the registration says it can`()
    async throws
  {
    // bluetoothd drops a press its registered flags forbid (media.c `media_player_play` checks
    // `mp->control` and `mp->play`, set by `set_flag` from the dict and each PropertiesChanged):
    // with no player, the hub still says CanPlay, since it can start the last app.
    let service = """
      [D-BUS Service]
      Name=org.mpris.MediaPlayer2.carplay
      Exec=\(HubTools.binaural) --output null --headless --name carplay

      """
    try await RelaunchTests().withStage(services: ["org.mpris.MediaPlayer2.carplay.service": service]) {
      stage in
      let system = try await ConfiguredBus.start(.system, in: stage.folder)
      let double: BlueZDouble
      do {
        double = try await BlueZDouble.start(on: system)
      } catch {
        await system.stop()
        throw error
      }
      do {
        try await double.addAdapter("hci0")
        var environment = stage.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = system.address
        stage.hub = try ChildProcess(
          HubTools.remotectld, ["--log-level", "debug", "--no-http", "--no-bridge", "--proxy", "on"],
          environment: environment)
        try await stage.bus.waitForName(RelaunchTests.Stage.hubName)
        let canPlay = {
          try await double.registrations()["/org/bluez/hci0"]?.players.first?.flags["CanPlay"]
        }
        try await eventually("the hub to register, saying it cannot play yet", canPlay) { $0 == false }
        try await stage.seeNowPlayingThenQuit("carplay")
        try await eventually("the registration to say the hub can play with no player", canPlay) {
          $0 == true
        }
        let sent = try await double.press("Play")
        #expect(!sent.hasPrefix("refused"), "\(sent)")
        try await eventually("the car's Play to bring back binaural, playing") {
          try await stage.status("org.mpris.MediaPlayer2.carplay") == "Playing"
        }
        try await stage.stopRelaunched("carplay")
        try await stage.stopHub()
      } catch {
        await double.stop()
        await system.stop()
        throw error
      }
      await double.stop()
      await system.stop()
    }
  }
}
