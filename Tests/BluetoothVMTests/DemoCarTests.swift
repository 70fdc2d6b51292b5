import Foundation
import Testing

/// `make demo-car`'s view and buttons (`scripts/bluetooth-vm/demo.py`), scripted in the Bluetooth
/// tier's VM (its `demo_car` scenario): the frames it draws of the bumble car's display, read from the
/// real bluetoothd, and a key that presses the car's Next.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct DemoCarTests {
  @Test func `make demo-car draws binaural's title on the car's display, and its n reaches binaural`()
    async throws
  {
    let observed = try await BluetoothVM.scenario("demo_car")
    let title = try #require(observed["app_title"] as? String, "binaural's title: \(observed)")
    let first = try #require(observed["first_frame"] as? String, "\(observed)")
    #expect(first.contains("│  \(title)\n"), "the first frame shows binaural's \(title):\n\(first)")
    #expect(first.contains("q quit"), "the frame has the legend:\n\(first)")
    let steps = try #require(observed["steps"] as? [[String: Any]], "\(observed)")
    let next = try #require(steps.first, "no key was pressed: \(observed)")
    #expect(next["button"] as? String == "next", "\(next)")
    let before = try #require(next["app_before"] as? String, "\(next)")
    let after = try #require(next["app_after"] as? String, "\(next)")
    #expect(before != after, "the car's Next did not reach binaural: still \(before) (\(next))")
    let frame = next["frame_after"] as? String ?? ""
    #expect(frame.contains("│  \(after)\n"), "the display after Next shows binaural's \(after):\n\(frame)")
    #expect(frame.contains("notified:") || frame.contains("pressed next"), "\(frame)")
  }
}
