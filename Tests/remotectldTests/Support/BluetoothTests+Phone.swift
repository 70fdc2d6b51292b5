import BusTestSupport

extension BluetoothTests {
  /// On the double: hci0 and a phone (`Phone`, AA:BB:CC:DD:EE:02) whose AVRCP player `Music` plays
  /// `Song`; then the hub on `system` and binaural as `music`, once it is Now Playing. Where the
  /// tests of a phone's player (the hub's registration and its relay) begin; returns the phone's path.
  static func startPhonePlaying(
    on bus: PrivateBus, _ double: BlueZDouble, _ system: ConfiguredBus
  ) async throws -> String {
    try await double.addAdapter("hci0")
    let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
    try await double.addPlayer(
      device: phone, "{'Name': <'Music'>, 'Status': <'playing'>, 'Track': <{'Title': <'Song'>}>}")
    try await startHub(on: bus, system: system)
    try await bus.startBinaural("music")
    try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "music" }
    return phone
  }
}
