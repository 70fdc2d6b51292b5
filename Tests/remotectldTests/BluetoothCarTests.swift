import BusTestSupport
import Foundation
import HubAPI
import Testing

/// What a car sees of the Now Playing app through the hub's registration, on the BlueZ double made
/// as strict as bluetoothd 5.66 (its type checks, a PropertiesChanged parsed up to its first
/// refused entry, the player named by `Identity`, a car's settings as `Properties.Set`, adapters
/// removed, transports that start idle).
extension BluetoothTests {
  /// Players whose properties bluetoothd 5.66 refuses as they are: `BlueZ/ill_typed_players.py`.
  static let illTypedPlayers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Support/BlueZ/ill_typed_players.py").path

  @Test
  func
    `every ill-typed Now Playing app's title and name reach the car, and bluetoothd never stops parsing what the hub sends`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.startCar { try await Self.startHub(on: bus, system: system) }
      try await bus.startBinaural("music")
      let title = try await bus.waitForPlayer("music")
      try await double.waitFor("the car to show binaural, named", \.car) {
        $0?.title == title && $0?.name == "Binaural"
      }
      let illTyped = try bus.start(
        PythonPlayers.python, [Self.illTypedPlayers], environment: PythonPlayers.environment,
        standardError: .file(bus.directory.appendingPathComponent("ill-typed.log").path))
      let expected = try JSONDecoder().decode(
        [String: [String]].self,
        from: Data(try await illTyped.line(within: .seconds(10)) { $0.hasPrefix("{") }.utf8))
      _ = try await illTyped.line(within: .seconds(10)) { $0 == "ready" }
      let nonsense = try bus.start(
        PythonPlayers.python, [PythonPlayers.nonsense], environment: PythonPlayers.environment,
        standardError: .file(bus.directory.appendingPathComponent("nonsense.log").path))
      _ = try await nonsense.line(within: .seconds(10)) { $0 == "ready" }

      // Each becomes Now Playing in turn (the one before paused, so that the newcomer takes over);
      // nonsense_players.py's have no title (bluetoothd's is then ""), and no Identity.
      var cases = expected.sorted { $0.key < $1.key }.map {
        (name: $0.key, title: $0.value[0], identity: $0.value[1])
      }
      cases += ["strange", "nometa", "failing"].map { (name: $0, title: "", identity: $0) }
      var previous: String?
      var wrong: [String] = []
      for (name, title, identity) in cases {
        if let previous {
          try await bus.tell(
            previous, "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
        }
        try await bus.tell(
          name, "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
        try await eventually("\(name) to be Now Playing", { try await bus.hubActive() }) { $0 == name }
        do {
          try await double.waitFor("the car to show \(name)'s title, playing, and its name", \.car) {
            $0?.title == title && $0?.status == "Playing" && $0?.name == identity
          }
        } catch {
          wrong.append("\(name): \(String(describing: try await double.car()))")
        }
        previous = name
      }
      let player = try await double.firstPlayer()
      print(
        "titles the car shows that are not the Now Playing app's: \(wrong.count) of \(cases.count) ill-typed apps; "
          + "PropertiesChanged bluetoothd stopped parsing: \(player?.refused.count ?? -1) of \(player?.signals ?? 0)"
      )
      #expect(wrong.isEmpty, "\(wrong)")
      #expect(player?.refused == [], "\(String(describing: player?.refused))")
      #expect(try await double.registrations()["/org/bluez/hci0"]?.refused == 0)
      #expect(try Self.log(of: bus).contains("told bluetoothd the Now Playing app's name"))
    }
  }

  @Test func `a registration bluetoothd refuses is retried without the refused property, and doctor says so`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      // A bluetoothd stricter than 5.66 that refuses Shuffle, whatever its value.
      try await double.refuse("Shuffle")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      let title = try await bus.waitForPlayer("music")
      try await eventually("the hub to register with hci0", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      let adapter = try await double.registrations()["/org/bluez/hci0"]
      #expect((adapter?.refused ?? 0) >= 1)
      #expect(adapter?.players.first?.properties["Shuffle"] == nil)
      #expect(adapter?.players.first?.properties["Metadata"] != nil)
      try await double.waitFor("the car to show binaural", \.car) { $0?.title == title }
      let log = try Self.log(of: bus)
      #expect(log.contains("bluetoothd refused the Now Playing player's registration as ill-typed"), "\(log)")
      #expect(log.contains("org.bluez.Error.InvalidArguments: Invalid arguments in method call"), "\(log)")
      #expect(log.contains("registered the Now Playing player without what bluetoothd refused"), "\(log)")

      let doctor = try await Self.doctor(on: bus)
      #expect(
        doctor.contains(
          "note    Bluetooth: on /org/bluez/hci0, bluetoothd refused the registration "
            + "(org.bluez.Error.InvalidArguments: Invalid arguments in method call); registered without Shuffle"
        ),
        "\(doctor)")

      // Shuffle stays out of every change: nothing the hub sends stops bluetoothd's parsing.
      try await double.press("Play")
      _ = try await bus.waitForPlayer("music", status: "Playing")
      try await double.waitFor("the car to show binaural playing", \.car) { $0?.status == "Playing" }
      #expect(try await double.firstPlayer()?.refused == [])
    }
  }

  @Test func `shuffle and repeat set by the car reach the Now Playing app through the hub`() async throws {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      try await bus.startMpv()
      try await bus.tell(
        "mpv", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("mpv to be Now Playing", { try await bus.hubActive() }) { $0 == "mpv" }
      // mpv-mpris says both; whatever they are, the car asks for the other shuffle and for
      // the track to repeat.
      let before =
        try await double.waitFor("bluetoothd to hold mpv's settings", \.players.first) {
          $0?.settings["Shuffle"] != nil && $0?.settings["Repeat"] != nil
        }?.settings ?? [:]
      let shuffle = before["Shuffle"] == "off" ? "alltracks" : "off"
      let get = { (property: String) in
        try await bus.gdbusCall(
          "org.mpris.MediaPlayer2.mpv", "org.freedesktop.DBus.Properties.Get",
          ["org.mpris.MediaPlayer2.Player", property])
      }

      #expect(!(try await double.setPlayerSetting("Shuffle", shuffle)).isEmpty)
      try await eventually("mpv to take the car's shuffle", { try await get("Shuffle") }) {
        $0.contains(shuffle == "off" ? "false" : "true")
      }
      #expect(try await double.setPlayerSetting("Repeat", "singletrack") != "EINVAL")
      try await eventually("mpv to loop the track", { try await get("LoopStatus") }) {
        $0.contains("'Track'")
      }
      // mpv-mpris announces LoopStatus (bluetoothd's Repeat follows), not a written Shuffle.
      try await double.waitFor("bluetoothd to hold the new repeat", \.players.first) {
        $0?.settings["Repeat"] == "singletrack"
      }
    }
  }

  @Test
  func `an adapter removed takes its registration with it, and one that comes back is registered again`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await double.addAdapter("hci1")
      try await Self.startHub(on: bus, system: system)
      try await bus.startBinaural("music")
      try await eventually("the hub to register with both", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0", "/org/bluez/hci1"]
      }
      try await double.removeAdapter("hci1")
      try await eventually("the hub to see hci0 alone", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      #expect(try await Self.registered(on: bus) == ["/org/bluez/hci0"])
      try await eventually("the hub to log the adapter gone") {
        try Self.log(of: bus).contains("a Bluetooth adapter went, with the registration")
      }
      // The hub serves on: a car on hci0 reaches binaural.
      try await double.press("Play")
      _ = try await bus.waitForPlayer("music", status: "Playing")

      try await double.addAdapter("hci1")
      try await eventually("the hub to register with hci1 again", { try await Self.registered(on: bus) }) {
        $0 == ["/org/bluez/hci0", "/org/bluez/hci1"]
      }
      let title = try await bus.waitForPlayer("music")
      try await double.waitFor("a car on hci1 to show binaural", \.car, adapter: "/org/bluez/hci1") {
        $0?.title == title && $0?.status == "Playing"
      }
    }
  }

  @Test func `a phone's transport that starts idle makes its player Now Playing only once it is active`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      let phone = try await Self.startPhonePlaying(on: bus, double, system)
      let transport = try await double.addTransport(
        device: phone, uuid: "0000110b-0000-1000-8000-00805f9b34fb", state: "idle")
      try await Self.waitForRule(on: bus, eligible: false, device: phone)
      #expect(try await bus.hubActive() == "music")
      try await double.change(transport, "org.bluez.MediaTransport1", "{'State': <'pending'>}")
      try await double.change(transport, "org.bluez.MediaTransport1", "{'State': <'active'>}")
      try await Self.waitForRule(on: bus, eligible: true, device: phone)
      try await eventually("the phone's player to be Now Playing", { try await bus.hubActive() }) {
        $0 == "Phone_Music"
      }
    }
  }

  @Test
  func
    `a car's Previous right after a Next reaches the app, as the registration says the hub can always go back`()
    async throws
  {
    // bluetoothd 5.66 hands a Previous its registered CanGoPrevious forbids to its uinput device
    // (media.c `media_player_previous`); binaural says it can go back only once off its first
    // track, announced after the track change a car sees.
    try await Self.withBlueZ { bus, double, system in
      try await double.startCar { try await Self.startHub(on: bus, system: system) }
      try await bus.startBinaural("music")
      let first = try await bus.waitForPlayer("music")
      try await double.waitFor("bluetoothd to hold binaural, Previous and Next allowed", \.players.first) {
        $0?.title == first && $0?.flags["CanGoPrevious"] == true && $0?.flags["CanGoNext"] == true
      }
      #expect(try await double.press("Next").hasPrefix(":"))
      try await double.waitFor("bluetoothd to hold binaural's next track", \.players.first) {
        $0?.title != nil && $0?.title != first
      }
      let sent = try await double.press("Previous")
      #expect(sent.hasPrefix(":"), "bluetoothd's Previous went to \(sent)")
      try await double.waitFor(
        "the car's Previous to bring binaural back to its first track", \.players.first
      ) {
        $0?.title == first
      }
    }
  }
}
