import Foundation
import Testing

/// A car (bumble: AVRCP controller with browsing, A2DP sink) against the real bluetoothd 5.66 with the
/// hub registered, in the Bluetooth tier's VM. Each test asserts on one scenario the VM ran.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct BluetoothVMCarTests {
  @Test func `the car pairs with the computer, connects and opens AVRCP`() async throws {
    let observed = try await BluetoothVM.scenario("car_pairs")
    #expect(observed["paired"] as? Bool == true, "bluetoothd's Device1.Paired: \(observed)")
    #expect(observed["connected"] as? Bool == true, "bluetoothd's Device1.Connected: \(observed)")
    #expect(observed["avrcp"] as? Bool == true, "the car's AVCTP channel: \(observed)")
  }

  @Test
  func `the car's display shows the Now Playing app's title, artist, album, track number, length and status`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("car_shows_now_playing")
    let app = try #require(observed["app"] as? [String: Any], "\(observed)")
    let car = try #require(observed["car"] as? [String: Any], "the car read nothing: \(observed)")
    #expect(car["title"] as? String == app["title"] as? String, "title: car \(car), app \(app)")
    #expect(
      car["artist"] as? String == (app["artist"] as? [String])?.joined(separator: ", "),
      "artist: car \(car), app \(app)")
    #expect(car["album"] as? String == app["album"] as? String, "album: car \(car), app \(app)")
    #expect(
      car["track_number"] as? String == (app["track_number"] as? Int).map(String.init),
      "track: \(car), \(app)")
    let lengthMicroseconds = app["length_us"] as? Int ?? -1
    #expect(
      car["length_ms"] as? String == String(lengthMicroseconds / 1000), "length: car \(car), app \(app)")
    #expect(
      car["song_length_ms"] as? Int == lengthMicroseconds / 1000, "GetPlayStatus length: \(car), \(app)")
    #expect(
      app["status"] as? String == "Playing" && car["status"] as? String == "playing", "status: \(car), \(app)"
    )
  }

  @Test func `the car is notified when the Now Playing app pauses and plays again`() async throws {
    let observed = try await BluetoothVM.scenario("car_notified_of_pause")
    #expect((observed["pause"] as? [String: Any])?["value"] as? String == "paused", "\(observed)")
    #expect((observed["play"] as? [String: Any])?["value"] as? String == "playing", "\(observed)")
  }

  @Test func `the car's Pause, Play, Stop, Next and Previous reach the Now Playing app`() async throws {
    let observed = try await BluetoothVM.scenario("car_presses")
    let steps = try #require(observed["steps"] as? [[String: Any]], "\(observed)")
    #expect(steps.count == 6, "\(steps)")
    for step in steps {
      if let want = step["want"] as? String {
        #expect(step["got"] as? String == want, "the car's \(step["key"] ?? "?") left the app \(step)")
      } else {
        // Next changes the track; Previous changes it or goes back to the start of this one.
        let changed = step["before"] as? String != step["after"] as? String
        let wentBack =
          step["key"] as? String == "previous"
          && (step["position_after_us"] as? Int ?? .max) < (step["position_before_us"] as? Int ?? 0) - 500_000
        #expect(changed || wentBack, "the car's \(step["key"] ?? "?") did not reach the app: \(step)")
      }
    }
  }

  /// A key the car holds, as the tier's `held` scenario records it.
  struct HeldKey: Sendable, CustomTestStringConvertible {
    /// The scenario that held it.
    var scenario: String
    /// Its name in bluetoothd's log of AV/C passthrough.
    var avc: String
    /// Its evdev code (linux/input-event-codes.h).
    var code: Int
    /// Which way it seeks: 1 forward, -1 back.
    var direction: Int
    var testDescription: String { avc }

    static let fastForward = HeldKey(
      scenario: "car_fast_forward_held", avc: "FAST FORWARD", code: 208, direction: 1)
    static let rewind = HeldKey(scenario: "car_rewind_held", avc: "REWIND", code: 168, direction: -1)
  }

  @Test(arguments: [HeldKey.fastForward, .rewind])
  func `a held fast-forward or rewind seeks the Now Playing app its way faster than it plays`(_ key: HeldKey)
    async throws
  {
    let observed = try await BluetoothVM.scenario(key.scenario)
    let before = try #require(observed["position_before_us"] as? Int, "\(observed)")
    let after = try #require(observed["position_after_us"] as? Int, "\(observed)")
    let held = try #require(observed["held_s"] as? Double, "\(observed)")
    // Played at rate 1 the position moves `held` seconds forward; iOS's begin/end seeking moves it
    // faster, the key's way. bluetoothd 5.66 never gives a registered player FAST FORWARD or REWIND
    // (avrcp.c's passthrough_handlers take only PLAY, STOP, PAUSE, FORWARD and BACKWARD; avctp.c's
    // handle_panel_passthrough sends them to its uinput device): the hub reads that device
    // (InputDeviceReader) and begins seeking on the press, ends on the release.
    #expect(
      Double(key.direction * (after - before)) > held * 1_500_000,
      "the position moved \(after - before) µs in \(held) s: \(observed)")
    let hubRead = observed["hub_read"] as? [String] ?? []
    #expect(
      hubRead.contains { $0.contains("reading the input device") && $0.contains("bluetoothAVRCP") },
      "the hub's log of input devices: \(hubRead)")
    // The way the press went: bluetoothd's uinput device for the car got the key down and up, and
    // bluetoothd called no registered player.
    let keys = try #require(observed["uinput_keys"] as? [[Int]], "\(observed)")
    #expect(
      keys.contains([key.code, 1]) && keys.contains([key.code, 0]),
      "keys on \(observed["uinput_device"] ?? "?"): \(keys)")
    let bluetoothd = observed["bluetoothd"] as? [String] ?? []
    #expect(
      bluetoothd.contains { $0.contains("\(key.avc) pressed") }
        && !bluetoothd.contains { $0.contains("media_player_") },
      "what bluetoothd did with the press: \(bluetoothd)")
    #expect(observed["title_after"] as? String == observed["title_before"] as? String, "\(observed)")
    #expect(observed["status"] as? String == "Playing", "\(observed)")
  }

  @Test func `the car's player list holds one player named for the Now Playing app`() async throws {
    let observed = try await BluetoothVM.scenario("car_player_list")
    let list = try #require(observed["list"] as? [String: Any], "\(observed)")
    let players = try #require(list["players"] as? [[String: Any]], "\(observed)")
    #expect(players.count == 1, "GetFolderItems (media player list): \(players)")
    #expect(
      players.first?["name"] as? String == observed["identity"] as? String,
      "named \(players), app \(observed)")
  }

  @Test func `the car is told of a Now Playing switch and shows the new app's title and name`() async throws {
    let observed = try await BluetoothVM.scenario("car_notified_of_switch")
    #expect(observed["now_playing"] as? String == "org.mpris.MediaPlayer2.second", "\(observed)")
    #expect(observed["track_changed"] is [String: Any], "no TRACK_CHANGED reached the car: \(observed)")
    let car = try #require(observed["car"] as? [String: Any], "\(observed)")
    #expect((car["title"] as? String)?.hasPrefix("Second Song") == true, "the car shows \(car)")
    let players = (observed["list"] as? [String: Any])?["players"] as? [[String: Any]]
    #expect(
      players?.map { $0["name"] as? String } == ["Second Player"],
      "the player list: \(String(describing: players))")
  }

  @Test func `the car shows the title of a Now Playing app whose metadata is ill-typed`() async throws {
    let observed = try await BluetoothVM.scenario("car_ill_typed_player")
    #expect(observed["now_playing"] as? String == "org.mpris.MediaPlayer2.sloppy", "\(observed)")
    let car = try #require(observed["car"] as? [String: Any], "\(observed)")
    #expect((car["title"] as? String)?.hasPrefix("Sloppy Song") == true, "the car shows \(car)")
    #expect(car["artist"] as? String == "One Artist", "the car shows \(car)")
    #expect(car["length_ms"] as? String == "200000", "the car shows \(car)")
  }
}

/// Earbuds (an AVRCP controller, as the car is) against the real bluetoothd with the hub stopped.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMEarbudsTests {
  @Test func `with the hub stopped, bluetoothd's own uinput device gets the earbuds' Play, Pause and Next`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("earbuds_without_hub")
    #expect(observed["players_registered"] as? Int == 0, "bluetoothd still had a player: \(observed)")
    let keys = try #require(observed["keys"] as? [[Int]], "\(observed)")
    // linux/input-event-codes.h: KEY_PLAYCD 200, KEY_PAUSECD 201, KEY_NEXTSONG 163; 1 down, 0 up.
    let pressed = keys.filter { $0.count == 2 && $0[1] == 1 }.map { $0[0] }
    #expect(pressed == [200, 201, 163], "key presses on \(observed["uinput_device"] ?? "?"): \(keys)")
  }
}

/// The hub beside mpris-proxy on the real bluetoothd: the earliest registrant serves the car.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMBesideMPRISProxyTests {
  @Test func `registered before mpris-proxy, the hub's Now Playing app is what the car shows`() async throws {
    let observed = try await BluetoothVM.scenario("beside_mpris_proxy")
    let first = try #require(observed["hub_first"] as? [String: Any], "\(observed)")
    #expect(first["now_playing"] as? String == "org.mpris.MediaPlayer2.second", "\(first)")
    #expect((first["car_title"] as? String)?.hasPrefix("Second Song") == true, "the car shows \(first)")
  }

  @Test
  func `registered after mpris-proxy, the car follows mpris-proxy's first player, as bluetoothd's rule says`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("beside_mpris_proxy")
    let after = try #require(observed["proxy_first"] as? [String: Any], "\(observed)")
    #expect(after["now_playing"] as? String == "org.mpris.MediaPlayer2.second", "\(after)")
    #expect(after["car_title"] as? String == after["binaural_title"] as? String, "the car shows \(after)")
  }

  @Test func `remotectl doctor names mpris-proxy beside the hub`() async throws {
    let observed = try await BluetoothVM.scenario("beside_mpris_proxy")
    let doctor = try #require(observed["doctor"] as? String, "\(observed)")
    #expect(doctor.contains("mpris-proxy"), "remotectl doctor said: \(doctor)")
  }
}

/// The figures' run (Benchmarks/bluetooth-vm-figures.sh prints its timings): no press is lost.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMFiguresTests {
  @Test func `every Pause and Play the car pressed for the figures reached the app through the hub`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("figures")
    let hub = try #require(observed["hub"] as? [String: Any], "\(observed)")
    // Eight presses in each of the hub's blocks (the blocks alternate with mpris-proxy's).
    let blocks = (observed["order"] as? [String] ?? []).filter { $0 == "hub" }.count
    #expect(blocks >= 1, "\(observed)")
    #expect(hub["presses_missed"] as? Int == 0, "\(hub); missed: \(observed["missed"] ?? "none")")
    #expect((hub["press_to_status_ms"] as? [Double])?.count == 8 * blocks, "\(hub)")
  }
}

/// The computer's sound to the car: bluealsa (Debian's bluez-alsa-utils) as the computer's A2DP source,
/// the bumble car's SBC sink endpoint, the real bluetoothd 5.66 between them (the VM's `car_stream`).
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMCarStreamTests {
  @Test func `what the computer plays to the car reaches the car's A2DP sink as SBC`() async throws {
    let observed = try await BluetoothVM.scenario("car_stream")
    #expect(
      observed["source_endpoint"] as? Bool == true, "bluealsa registered no source endpoint: \(observed)")
    #expect(
      (observed["transport"] as? [String])?.count == 1, "bluetoothd's transport to the car: \(observed)")
    #expect(observed["pcm"] as? String != nil, "bluealsa's PCM of the car: \(observed)")
    #expect(
      (observed["configuration"] as? String ?? "None") != "None",
      "the car's sink was never configured: \(observed)")
    #expect((observed["car_packets"] as? Int ?? 0) >= 50, "media packets the car got: \(observed)")
    #expect((observed["sbc_frames"] as? Int ?? 0) >= 50, "SBC frames in them: \(observed)")
    #expect(observed["not_sbc"] as? Int == 0, "packets without an SBC frame: \(observed)")
    #expect(
      observed["after_close"] as? String == "not active", "the transport once the PCM closed: \(observed)")
  }
}
