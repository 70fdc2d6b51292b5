internal import HubSupport

/// An input device as sysfs describes it (`/sys/class/input/eventN/device`): its name, its bus,
/// whether a program made it through uinput, and the keys it can send.
package struct InputDevice: Hashable, Sendable {
  /// What the hub reads from a device.
  package enum Role: Hashable, Sendable {
    /// A headset's or a remote's media keys: the button's press and release, and held seek keys.
    case headset
    /// bluetoothd's own device for an AVRCP peer (a car, earbuds): only its held FAST FORWARD and
    /// REWIND, which bluetoothd 5.66 never hands a registered player. Its play and pause reach the
    /// hub's registered player over D-Bus, and reach this device only when no player is registered.
    case bluetoothAVRCP
  }

  /// The bus a device is on: `id/bustype`, as `linux/input.h` numbers it.
  package struct Bus: RawRepresentable, Hashable, Sendable {
    /// The bus's number.
    package let rawValue: UInt16
    /// A bus numbered `rawValue`.
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    /// The corresponding C constant is `BUS_USB`.
    package static let usb = Bus(rawValue: 0x03)
    /// The corresponding C constant is `BUS_BLUETOOTH`.
    package static let bluetooth = Bus(rawValue: 0x05)
  }

  /// The device's name (`name`): bluetoothd names its AVRCP devices after the peer.
  package var name: String
  /// Its bus (`id/bustype`).
  package var bus: Bus
  /// Whether a program made it through `/dev/uinput` (it sits under `/devices/virtual/input`).
  package var isVirtual: Bool
  /// The keys it can send (`capabilities/key`).
  package var keys: Set<KeyCode>

  /// A device with these properties.
  package init(name: String, bus: Bus, isVirtual: Bool, keys: Set<KeyCode>) {
    self.name = name
    self.bus = bus
    self.isVirtual = isVirtual
    self.keys = keys
  }

  /// Whether it is a keyboard, as udev's `input_id` decides `ID_INPUT_KEYBOARD`: every key from
  /// `KEY_ESC` (1) to `KEY_S` (31). The hub never reads a keyboard.
  package var isKeyboard: Bool {
    (1...31).allSatisfy { keys.contains(KeyCode(rawValue: $0)) }
  }

  /// What the hub reads from it: nothing (`nil`) from a keyboard, from a device with a key that is
  /// not a media key (``KeyCode/mediaKeys``: a keyboard's separate media-key device, whose keys the
  /// desktop already acts on), or from one with neither a headset button key nor a seek key.
  package var role: Role? {
    guard !isKeyboard else { return nil }
    // bluetoothd makes its AVRCP devices through uinput on BUS_BLUETOOTH (avctp.c, uinput_create).
    if bus == .bluetooth && isVirtual && !keys.isDisjoint(with: KeyCode.seekKeys) { return .bluetoothAVRCP }
    guard keys.isSubset(of: KeyCode.mediaKeys) else { return nil }
    if !keys.isDisjoint(with: KeyCode.headsetButton) || !keys.isDisjoint(with: KeyCode.seekKeys) {
      return .headset
    }
    return nil
  }

  /// Whether the hub takes the device for itself (`EVIOCGRAB`), so that the desktop does not also
  /// act on the press the hub counts: a headset whose every key is one the hub handles (its button
  /// and seek keys). A headset with volume keys is shared, or the desktop would lose them.
  package var isTakenWhole: Bool {
    role == .headset && keys.isSubset(of: KeyCode.headsetButton.union(KeyCode.seekKeys))
  }

  /// Whether the hub acts on `event` from this device.
  package func admits(_ event: KeyEvent) -> Bool {
    switch role {
    case .headset?: KeyCode.headsetButton.contains(event.code) || KeyCode.seekKeys.contains(event.code)
    case .bluetoothAVRCP?: KeyCode.seekKeys.contains(event.code)
    case nil: false
    }
  }

  // MARK: - sysfs

  /// The device behind the event node `eventName` (`event3`), read from `sysfs` (a folder like
  /// `/sys/class/input`); `nil` when sysfs does not have it (it went away).
  package static func described(eventName: String, sysfs: String = "/sys/class/input") -> InputDevice? {
    let device = "\(sysfs)/\(eventName)/device"
    guard let name = text(device + "/name") else { return nil }
    let bus = text(device + "/id/bustype").flatMap { UInt16($0, radix: 16) }.map(Bus.init) ?? Bus(rawValue: 0)
    let keys = text(device + "/capabilities/key").map(Self.keys(fromBitmap:)) ?? []
    let isVirtual = Syscalls.resolvedPath(device)?.contains("/devices/virtual/") ?? false
    return InputDevice(name: name, bus: bus, isVirtual: isVirtual, keys: keys)
  }

  /// The keys of a sysfs capability bitmap: hexadecimal words of 64 bits (of `long` on the
  /// machine), the most significant first, separated by spaces.
  package static func keys(fromBitmap bitmap: String) -> Set<KeyCode> {
    let words = bitmap.split(separator: " ").compactMap { UInt64($0, radix: 16) }
    var keys: Set<KeyCode> = []
    let bitsPerWord = UInt64.bitWidth
    for (index, word) in words.reversed().enumerated() where word != 0 {
      for bit in 0..<bitsPerWord where word & (1 << UInt64(bit)) != 0 {
        let code = index * bitsPerWord + bit
        if code <= Int(UInt16.max) { keys.insert(KeyCode(rawValue: UInt16(code))) }
      }
    }
    return keys
  }

  /// A small sysfs file's text without its trailing newline.
  private static func text(_ path: String) -> String? {
    guard let bytes = FileBytes.read(atPath: path, upTo: 4096) else { return nil }
    return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
  }
}
