import Foundation
import Glibc
import InputDevices
import Logging
import Synchronization
import Testing

/// ``InputDeviceReader`` on real files: this machine has no `/dev/uinput` to make an input device,
/// so each event node is a named pipe (a FIFO) in a folder of the test's, described by a sysfs-shaped
/// folder beside it, and the test writes `struct input_event`s into it as the kernel would. The
/// reader's thread, inotify, `poll` and `read` are the real ones. The real evdev node is covered in
/// the Bluetooth tier's VM (`BluetoothVMHeadsetButtonTests`, `BluetoothVMCarTests`' held fast-forward).
@Suite("The input devices' reader", .timeLimit(.minutes(1)))
struct InputDeviceReaderTests {
  /// A `/dev/input` and a `/sys/class/input` of the test's own.
  final class Folders: Sendable {
    let root: String
    var directory: String { root + "/dev-input" }
    var sysfs: String { root + "/sys-class-input" }

    init() throws {
      root =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "input-devices-\(UUID().uuidString.prefix(8))"
        ).path
      try FileManager.default.createDirectory(atPath: root + "/dev-input", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: root + "/sys-class-input", withIntermediateDirectories: true)
    }

    deinit {
      do { try FileManager.default.removeItem(atPath: root) } catch {
        print("left behind: \(root): \(error)")
      }
    }

    /// Describes `event` as sysfs would (name, bus, keys), then makes its node, a FIFO.
    func add(_ event: String, name: String, bus: String = "0003", keys: String) throws {
      let device = "\(sysfs)/\(event)/device"
      try FileManager.default.createDirectory(atPath: device + "/id", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: device + "/capabilities", withIntermediateDirectories: true)
      try (name + "\n").write(toFile: device + "/name", atomically: false, encoding: .utf8)
      try (bus + "\n").write(toFile: device + "/id/bustype", atomically: false, encoding: .utf8)
      try (keys + "\n").write(toFile: device + "/capabilities/key", atomically: false, encoding: .utf8)
      guard mkfifo("\(directory)/\(event)", 0o600) == 0 else {
        throw Failure("mkfifo \(event): \(String(cString: strerror(errno)))")
      }
    }

    /// The node's write end once the reader has it open; `nil` while no reader has it (`ENXIO`).
    func writer(_ event: String) -> Int32? {
      let descriptor = open("\(directory)/\(event)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      return descriptor >= 0 ? descriptor : nil
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The key events the reader handed over, in order.
  final class Received: Sendable {
    let events = Mutex<[KeyEvent]>([])
    var all: [KeyEvent] { events.withLock { $0 } }
  }

  /// Writes `key` with `value`, then `SYN_REPORT`, as two `struct input_event`s of 24 bytes.
  static func write(_ descriptor: Int32, key: UInt16, value: Int32) {
    var bytes: [UInt8] = []
    for (type, code, eventValue) in [(UInt16(1), key, value), (UInt16(0), UInt16(0), Int32(0))] {
      bytes += [UInt8](repeating: 0, count: 16)
      withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
      withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
      withUnsafeBytes(of: eventValue.littleEndian) { bytes += $0 }
    }
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Waits, polling every 10 ms for at most 10 s, for `condition`.
  static func waitFor(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      guard ContinuousClock.now < deadline else { throw Failure("timed out waiting for \(what)") }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test
  func `a headset's presses and releases reach the handler in order; a keyboard beside it is never opened`()
    async throws
  {
    let folders = try Folders()
    try folders.add("event0", name: "Keyboard", bus: "0011", keys: InputDeviceTests.keyboard)
    try folders.add("event1", name: "Headset", keys: InputDeviceTests.headset)
    let received = Received()
    let reader = InputDeviceReader(
      directory: folders.directory, sysfs: folders.sysfs, logger: Logger(label: "test"))
    let running = Task { try await reader.run { key, _ in received.events.withLock { $0.append(key) } } }
    var headset: Int32?
    try await Self.waitFor("the reader to open the headset") {
      headset = folders.writer("event1")
      return headset != nil
    }
    guard let headset else { return }
    // Scanned in one pass, in order: the keyboard was looked at before the headset was opened.
    #expect(folders.writer("event0") == nil, "the keyboard's node was opened")
    Self.write(headset, key: 164, value: 1)
    Self.write(headset, key: 164, value: 2)
    Self.write(headset, key: 115, value: 1)
    Self.write(headset, key: 164, value: 0)
    Self.write(headset, key: 208, value: 1)
    Self.write(headset, key: 208, value: 0)
    try await Self.waitFor("five key events") { received.all.count >= 5 }
    #expect(
      received.all == [
        KeyEvent(.playPause, .press), KeyEvent(.playPause, .repeated), KeyEvent(.playPause, .release),
        KeyEvent(.fastForward, .press), KeyEvent(.fastForward, .release),
      ])
    close(headset)
    running.cancel()
    try await running.value
  }

  @Test
  func
    `a device that comes after the reader started is read, as a car's AVRCP device comes when it connects`()
    async throws
  {
    let folders = try Folders()
    let received = Received()
    let reader = InputDeviceReader(
      directory: folders.directory, sysfs: folders.sysfs, logger: Logger(label: "test"))
    try folders.add("event0", name: "First Headset", keys: InputDeviceTests.headset)
    let running = Task { try await reader.run { key, _ in received.events.withLock { $0.append(key) } } }
    // Once the first is open the reader's first look is done: a node made now is seen through inotify.
    var first: Int32?
    try await Self.waitFor("the reader to open the first node") {
      first = folders.writer("event0")
      return first != nil
    }
    if let first { close(first) }
    try folders.add("event4", name: "Headset", keys: InputDeviceTests.headset)
    var node: Int32?
    try await Self.waitFor("the reader to open the new node") {
      node = folders.writer("event4")
      return node != nil
    }
    guard let node else { return }
    Self.write(node, key: 226, value: 1)
    try await Self.waitFor("the press") { !received.all.isEmpty }
    #expect(received.all == [KeyEvent(.media, .press)])
    close(node)
    running.cancel()
    try await running.value
  }

  @Test func `without the folder the reader says so and does not start`() async {
    let reader = InputDeviceReader(
      directory: "/nonexistent-input-\(UUID().uuidString.prefix(8))", logger: Logger(label: "test"))
    await #expect {
      try await reader.run { _, _ in }
    } throws: { error in
      "\(error)".contains("cannot watch") && "\(error)".contains("No such file")
    }
  }
}
