import Foundation
import Testing

/// A phone (bumble: an AVRCP target with a track and a status, an A2DP source streaming SBC) against
/// the real bluetoothd 5.66 in the Bluetooth tier's VM, with bluealsa (Debian's bluez-alsa-utils) as
/// the computer's A2DP sink and the hub relaying bluetoothd's `MediaPlayer1` of the phone — no
/// mpris-proxy. Each test asserts on the VM's `phone` scenario (`scripts/bluetooth-vm/phone_scenario.py`).
@Suite(.serialized, .timeLimit(.minutes(30)))
struct BluetoothVMPhoneTests {
  static let binaural = "org.mpris.MediaPlayer2.binaural"

  @Test
  func `the hub relays bluetoothd's player of the phone under its own MPRIS name, with the phone's track`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("phone")
    #expect(observed["sink_endpoint"] as? Bool == true, "bluealsa registered no sink endpoint: \(observed)")
    #expect((observed["device_players"] as? [String])?.count == 1, "bluetoothd's MediaPlayer1: \(observed)")
    // Named as mpris-proxy names it (tools/mpris-proxy.c): the device's alias, then the player's name.
    let relay = try #require(observed["relay"] as? String, "no relay on the session bus: \(observed)")
    #expect(relay.hasPrefix("org.mpris.MediaPlayer2.Phone"), "the relay's name: \(relay)")
    let relayed = try #require(observed["relayed"] as? [String: Any], "\(observed)")
    #expect(relayed["title"] as? String == "Phone Song", "\(relayed)")
    #expect(relayed["artist"] as? [String] == ["Phone Artist"], "\(relayed)")
    #expect(relayed["album"] as? String == "Phone Album", "\(relayed)")
    #expect(relayed["length_us"] as? Int == 240_000_000, "\(relayed)")
    #expect(relayed["status"] as? String == "Playing", "\(relayed)")
    #expect((relayed["identity"] as? String)?.hasPrefix("Phone") == true, "\(relayed)")
  }

  @Test func `a Pause on the relay reaches the phone as an AVRCP Pause`() async throws {
    let observed = try await BluetoothVM.scenario("phone")
    let pause = try #require(observed["pause"] as? [String: Any], "\(observed)")
    #expect(pause["playerctl_status"] as? Int == 0, "playerctl pause: \(pause)")
    // What the phone's AVRCP target got: PAUSE pressed then released (bluetoothd sends the release once
    // the phone accepted the press, within its 2 s: avctp.c), and the phone's PLAYBACK_STATUS_CHANGED
    // back through bluetoothd turned the relay Paused. The phone's stream drops audio rather than
    // queue it while its link is slow (phone.py `PacedSource`), as a phone does.
    let keys = pause["keys"] as? [[Any]] ?? []
    let named = keys.map { "\($0.first ?? "?") \($0.last as? Bool == true ? "down" : "up")" }
    #expect(named == ["pause down", "pause up"], "keys the phone got: \(pause)")
    #expect(pause["relay_status"] as? String == "Paused", "the relay after the phone paused: \(pause)")
  }

  @Test func `the phone is not Now Playing while it plays only on itself, though it says Playing`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("phone")
    #expect(observed["now_playing_at_start"] as? String == Self.binaural, "\(observed)")
    let before = try #require(observed["before_stream"] as? [String: Any], "\(observed)")
    #expect(before["relay_status"] as? String == "Playing", "\(before)")
    #expect(before["binaural_status"] as? String == "Paused", "\(before)")
    // Over the whole window, with binaural paused and the phone's player Playing.
    #expect(before["now_playing_seen"] as? [String] == [Self.binaural], "\(before)")
  }

  @Test func `the phone is Now Playing while its A2DP stream plays on this computer`() async throws {
    let observed = try await BluetoothVM.scenario("phone")
    let relay = try #require(observed["relay"] as? String, "\(observed)")
    let streaming = try #require(observed["while_streaming"] as? [String: Any], "\(observed)")
    let transports = streaming["transports"] as? [String: [String: String]] ?? [:]
    #expect(
      transports.values.contains {
        $0["uuid"] == "0000110b-0000-1000-8000-00805f9b34fb" && $0["state"] == "active"
      }, "bluetoothd's transports of the phone: \(transports)")
    #expect(streaming["now_playing"] as? String == relay, "\(streaming)")
  }

  @Test func `once the phone's stream stops, binaural is Now Playing again`() async throws {
    let observed = try await BluetoothVM.scenario("phone")
    let relay = try #require(observed["relay"] as? String, "\(observed)")
    let after = try #require(observed["after_stream"] as? [String: Any], "\(observed)")
    let transports = after["transports"] as? [String: [String: String]] ?? [:]
    #expect(!transports.values.contains { $0["state"] == "active" }, "\(transports)")
    #expect(after["now_playing"] as? String == Self.binaural, "\(after)")
    #expect(after["now_playing_seen"] as? [String] == [Self.binaural], "never \(relay) again: \(after)")
  }
}
