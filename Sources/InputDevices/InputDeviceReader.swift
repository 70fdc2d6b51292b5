internal import HubSupport
package import Logging

/// Reads the key events of the headsets' and remotes' input devices (the Linux input protocol,
/// evdev: `struct input_event` read from `/dev/input/eventN`) on a thread of its own, never on
/// Swift's cooperative pool, and hands each key event the hub acts on to a handler.
///
/// It opens every device whose ``InputDevice/role`` is not `nil` (never a keyboard), and watches
/// the folder with inotify for devices that come later (a car connecting makes bluetoothd's AVRCP
/// device; a headset plugged in) or that udev gives the user access to later (`IN_ATTRIB`). A
/// device that goes away is closed. A headset whose every key is one the hub handles is taken whole
/// (`EVIOCGRAB`, ``InputDevice/isTakenWhole``), so that the desktop does not act on the same press;
/// any other is shared, and the desktop keeps its keys (a headset's volume keys among them).
package struct InputDeviceReader: Sendable {
  /// Where the event nodes are.
  package var directory: String
  /// Where sysfs describes them.
  package var sysfs: String
  package var logger: Logger

  /// A reader of `directory`'s devices, described by `sysfs`.
  package init(directory: String = "/dev/input", sysfs: String = "/sys/class/input", logger: Logger) {
    self.directory = directory
    self.sysfs = sysfs
    self.logger = logger
  }

  /// Reads until the task is cancelled, calling `handler` on the reader's thread with each key
  /// event the hub acts on and the device it came from, in the order the devices sent them.
  ///
  /// Throws when `directory` cannot be watched (no `/dev/input`: a container).
  package func run(_ handler: @escaping @Sendable (KeyEvent, InputDevice) -> Void)
    async throws(InputDeviceError)
  {
    let watch = try Syscalls.watch(directory)
    let stop: (read: Int32, write: Int32)
    do { stop = try Syscalls.stopSignal() } catch {
      Syscalls.close(watch)
      throw error
    }
    let reader = self
    await withTaskCancellationHandler {
      await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        DetachedThread.start(name: "input-devices") {
          var loop = ReadLoop(reader: reader, watch: watch, stop: stop.read, handler: handler)
          loop.run()
          Syscalls.close(watch)
          Syscalls.close(stop.read)
          finished.resume()
        }
      }
    } onCancel: {
      Syscalls.signal(stop.write)
    }
    Syscalls.close(stop.write)
  }
}

/// The reader's thread's state: the devices it has open. It lives on that thread only.
private struct ReadLoop {
  struct Open {
    var descriptor: Int32
    var device: InputDevice
  }

  let reader: InputDeviceReader
  let watch: Int32
  let stop: Int32
  let handler: @Sendable (KeyEvent, InputDevice) -> Void
  /// The open devices by event node name (`event3`).
  var open: [String: Open] = [:]
  /// Nodes already found refused to the user, so that the log says it once a node.
  var refused: Set<String> = []
  /// Nodes already looked at and left (a keyboard, a mouse): not described again.
  var left: Set<String> = []

  mutating func run() {
    scan()
    while true {
      let order = open.keys.sorted()
      let ready = Syscalls.waitForInput([stop, watch] + order.map { open[$0]?.descriptor ?? -1 })
      if ready[0] { break }
      if ready[1] {
        Syscalls.drain(watch)
        scan()
      }
      for (index, name) in order.enumerated() where ready[index + 2] { read(name) }
    }
    for device in open.values { Syscalls.close(device.descriptor) }
    open = [:]
  }

  /// Opens the devices not open yet, and forgets the nodes that went away.
  mutating func scan() {
    let names = Set(FolderNames.read(atPath: reader.directory).filter { $0.hasPrefix("event") })
    for gone in Set(open.keys).subtracting(names) { close(gone, reason: "its node went away") }
    left.formIntersection(names)
    refused.formIntersection(names)
    for name in names.subtracting(open.keys).subtracting(left).sorted() {
      guard let device = InputDevice.described(eventName: name, sysfs: reader.sysfs) else { continue }
      guard let role = device.role else {
        left.insert(name)
        continue
      }
      let path = "\(reader.directory)/\(name)"
      do {
        let descriptor = try Syscalls.openDevice(path)
        open[name] = Open(descriptor: descriptor, device: device)
        refused.remove(name)
        var taken = false
        if device.isTakenWhole {
          if let code = Syscalls.grab(descriptor) {
            reader.logger.info(
              "the input device \(device.name) is shared: \(Syscalls.describe(code)) (another program has it)"
            )
          } else {
            taken = true
          }
        }
        reader.logger.info(
          "reading the input device \(device.name)",
          metadata: ["node": "\(path)", "role": "\(role)", "taken whole": "\(taken)"])
      } catch {
        if refused.insert(name).inserted {
          reader.logger.warning("\(error)", metadata: ["device": "\(device.name)"])
        }
      }
    }
  }

  /// Reads what `name` sent and hands on the key events its device's role admits.
  mutating func read(_ name: String) {
    guard let device = open[name] else { return }
    switch Syscalls.readEvents(device.descriptor) {
    case .empty: return
    case .gone(let code):
      close(name, reason: code == 0 ? "it ended" : Syscalls.describe(code))
    case .events(let keys, let dropped):
      if dropped {
        reader.logger.info(
          "the kernel dropped events of \(device.device.name) (SYN_DROPPED): a press or release may be lost")
      }
      for key in keys where device.device.admits(key) { handler(key, device.device) }
    }
  }

  mutating func close(_ name: String, reason: String) {
    guard let device = open.removeValue(forKey: name) else { return }
    Syscalls.close(device.descriptor)
    reader.logger.info("stopped reading the input device \(device.device.name): \(reason)")
  }
}
