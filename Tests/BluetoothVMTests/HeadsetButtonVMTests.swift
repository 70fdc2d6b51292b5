import Foundation
import Testing

/// A headset's own button, read by the hub from its input device (a uinput device made in the
/// Bluetooth tier's VM: `scripts/bluetooth-vm/headset.py`), with no window-manager binding: iOS's
/// one, two and three clicks and the holds reach binaural, Now Playing. A person's gestures (held
/// 40 ms, 100 ms apart); the click window is the only wait.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMHeadsetButtonTests {
  /// The scenario's steps, in order: one click (pause), one click (play), two clicks, three
  /// clicks, a click and a hold, two clicks and a hold.
  static func steps() async throws -> (observed: [String: Any], steps: [[String: Any]]) {
    let observed = try await BluetoothVM.scenario("headset_button_clicks")
    let steps = try #require(observed["steps"] as? [[String: Any]], "\(observed)")
    try #require(steps.count == 7, "\(steps)")
    return (observed, steps)
  }

  @Test func `the hub reads the headset's device and never the keyboard that has the same key`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("headset_button_clicks")
    #expect(observed["hub_reads_headset"] as? Bool == true, "\(observed)")
    #expect(observed["hub_reads_keyboard"] as? Bool == false, "\(observed)")
  }

  @Test func `one click pauses and plays, two clicks go to the next preset, three to the previous`()
    async throws
  {
    let (_, steps) = try await Self.steps()
    for step in steps.prefix(4) {
      #expect(step["recognised"] as? Bool == true, "\(step)")
    }
    func value(_ step: [String: Any], _ when: String, _ key: String) -> String? {
      (step[when] as? [String: Any])?[key] as? String
    }
    // A keyboard's press came 100 ms before the first click: read, it would have made a double click.
    #expect(value(steps[0], "after", "status") == "Paused", "\(steps[0])")
    #expect(value(steps[0], "after", "title") == value(steps[0], "before", "title"), "\(steps[0])")
    #expect(value(steps[1], "after", "status") == "Playing", "\(steps[1])")
    #expect(value(steps[2], "after", "title") != value(steps[2], "before", "title"), "\(steps[2])")
    #expect(value(steps[2], "after", "status") == "Playing", "two clicks played or paused: \(steps[2])")
    #expect(value(steps[3], "after", "title") == value(steps[2], "before", "title"), "\(steps[3])")
    #expect(value(steps[3], "after", "status") == "Playing", "three clicks played or paused: \(steps[3])")
  }

  @Test
  func `a click and a hold seek forward faster than playing until the release, two clicks and a hold back`()
    async throws
  {
    let (_, steps) = try await Self.steps()
    let forward = steps[4]
    let backward = steps[5]
    func position(_ step: [String: Any], _ when: String) -> Int? {
      (step[when] as? [String: Any])?["position_us"] as? Int
    }
    let gesture = try #require(forward["gesture_s"] as? Double, "\(forward)")
    let moved = try #require(position(forward, "after")) - (try #require(position(forward, "before")))
    #expect(Double(moved) > gesture * 1_500_000, "moved \(moved) µs in \(gesture) s: \(forward)")
    // Released, the seek ends: the position moves at the playing rate again (a second or so a second).
    let afterRelease = try #require(forward["after_release_moved_us_per_s"] as? Int, "\(forward)")
    #expect(afterRelease < 1_500_000, "after the release: \(afterRelease) µs a second: \(forward)")
    #expect(backward["recognised"] as? Bool == true, "\(backward)")
    #expect(
      try #require(position(backward, "after")) < (try #require(position(backward, "before"))), "\(backward)")
    #expect((backward["after"] as? [String: Any])?["status"] as? String == "Playing", "\(backward)")
  }
}

/// The udev rule the package installs (`dist/70-remote-control-headset.rules`), run by `udevadm test`
/// in the VM (no udevd there) on real input devices: the seat's user gets headset keys, never a
/// keyboard.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMUdevRuleTests {
  static func tags(_ udev: Any?) -> String? { (udev as? [String: Any])?["tags"] as? String }

  @Test func `the udev rule gives the seat's user a headset's keys and never a keyboard's`() async throws {
    let observed = try await BluetoothVM.scenario("headset_button_clicks")
    let udev = try #require(observed["udev"] as? [String: Any], "\(observed)")
    #expect(Self.tags(udev["headset"])?.contains("uaccess") == true, "\(udev)")
    #expect(Self.tags(udev["keyboard"]).map { !$0.contains("uaccess") } == true, "\(udev)")
    if let atKeyboard = udev["at_keyboard"] {
      #expect(Self.tags(atKeyboard).map { !$0.contains("uaccess") } == true, "\(udev)")
    }
  }

  @Test func `the udev rule gives the seat's user bluetoothd's AVRCP device for the car`() async throws {
    let observed = try await BluetoothVM.scenario("car_fast_forward_held")
    #expect(Self.tags(observed["udev"])?.contains("uaccess") == true, "\(observed["udev"] ?? "none")")
  }
}

/// A button with only the play key is taken whole (`EVIOCGRAB`): the hub counts its click and no
/// other reader, a desktop's, gets the press; a keyboard's separate media-key device is left to
/// the desktop.
@Suite(.timeLimit(.minutes(30)))
struct BluetoothVMHeadsetTakenWholeTests {
  @Test func `a play-key-only button is the hub's alone, and a keyboard's media-key device is never read`()
    async throws
  {
    let (observed, steps) = try await BluetoothVMHeadsetButtonTests.steps()
    #expect(observed["hub_reads_button"] as? Bool == true, "\(observed)")
    #expect(observed["button_taken_whole"] as? Bool == true, "\(observed)")
    #expect(observed["hub_reads_consumer_control"] as? Bool == false, "\(observed)")
    #expect(steps[6]["recognised"] as? Bool == true, "\(steps[6])")
    #expect(observed["button_events_seen_by_others"] as? Int == 0, "\(observed)")
  }
}
