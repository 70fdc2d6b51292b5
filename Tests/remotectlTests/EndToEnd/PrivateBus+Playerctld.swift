import BusTestSupport
import Foundation
import HubAPI

/// The real playerctld on a private bus, and its `PlayerNames`.
extension PrivateBus {
  /// Starts playerctld and returns once it owns `org.mpris.MediaPlayer2.playerctld`.
  @discardableResult
  func startPlayerctld() async throws -> ChildProcess {
    let daemon = try start(
      "playerctld", [], standardError: .file(directory.appendingPathComponent("playerctld.log").path))
    try await waitForName("org.mpris.MediaPlayer2.playerctld")
    return daemon
  }

  /// playerctld's `com.github.altdesktop.playerctld.PlayerNames`, as instances (most recently
  /// active first); `nil` when it does not answer.
  func playerctldPlayerNames() async throws -> [String]? {
    let result = try await run(
      "busctl", "--address", address, "--json=short", "get-property", "org.mpris.MediaPlayer2.playerctld",
      "/org/mpris/MediaPlayer2", Playerctld.interface, Playerctld.Property.playerNames)
    guard result.status == 0,
      let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
      let data = object["data"] as? [String]
    else { return nil }
    return data.map { String($0.dropFirst("org.mpris.MediaPlayer2.".count)) }
  }

  /// Waits until playerctld's `PlayerNames` satisfies `isReady`: playerctld takes a new player
  /// only once it has read its properties, and until then ignores its signals and cannot shift
  /// to it.
  func waitForPlayerNames(_ what: String, _ isReady: @escaping ([String]) -> Bool) async throws {
    try await eventually("playerctld's PlayerNames to be \(what)") {
      guard let names = try await playerctldPlayerNames() else { return false }
      return isReady(names)
    }
  }
}
