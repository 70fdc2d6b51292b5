import BusTestSupport

extension BlueZDouble {
  /// hci0 and headphones (`Headphones`, AA:BB:CC:DD:EE:01) whose AVRCP player plays: the device a
  /// car or earbud test starts from. Returns the device's path and its `MediaPlayer1`'s.
  @discardableResult
  func addPlayingHeadphones() async throws -> (device: String, player: String) {
    try await addAdapter("hci0")
    let device = try await addDevice("AA:BB:CC:DD:EE:01", alias: "Headphones")
    let player = try await addPlayer(device: device, "{'Status': <'playing'>}")
    return (device, player)
  }
}
