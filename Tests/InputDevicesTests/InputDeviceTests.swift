import InputDevices
import Testing

/// ``InputDevice``: what sysfs's capability bitmaps say a device is, and what the hub reads from
/// it: a headset's button and seek keys, bluetoothd's AVRCP device's seek keys, never a keyboard.
@Suite("Input devices: which the hub reads")
struct InputDeviceTests {
  // sysfs `capabilities/key` lines, most significant 64-bit word first.
  /// The AT keyboard qemu gives the Bluetooth tier's VM, as its sysfs showed it.
  static let keyboard = "402000002 3803078f800d001 feffffdfffefffff fffffffffffffffe"
  /// KEY_PLAYPAUSE (164), KEY_VOLUMEUP (115) and KEY_VOLUMEDOWN (114): a headset's keys.
  static let headset = "1000000000 c000000000000 0"
  /// KEY_POWER (116) alone: the ACPI power button.
  static let powerButton = "10000000000000 0"

  @Test func `a capability bitmap gives the keys it sets, counted from the last word`() {
    #expect(
      InputDevice.keys(fromBitmap: Self.headset) == [
        .playPause, KeyCode(rawValue: 114), KeyCode(rawValue: 115),
      ])
    #expect(InputDevice.keys(fromBitmap: Self.powerButton) == [KeyCode(rawValue: 116)])
    #expect(InputDevice.keys(fromBitmap: "0").isEmpty)
    #expect(InputDevice.keys(fromBitmap: "not hex").isEmpty)
  }

  @Test func `a keyboard is never read, even with a play key, as udev's ID_INPUT_KEYBOARD says`() {
    var keys = InputDevice.keys(fromBitmap: Self.keyboard)
    keys.insert(.playPause)
    let device = InputDevice(
      name: "AT Translated Set 2 keyboard", bus: InputDevice.Bus(rawValue: 0x11), isVirtual: false, keys: keys
    )
    #expect(device.isKeyboard)
    #expect(device.role == nil)
    #expect(!device.admits(KeyEvent(.playPause, .press)))
  }

  @Test func `a headset's play key and seek keys are read, and nothing else of it`() {
    let device = InputDevice(
      name: "USB Headset", bus: .usb, isVirtual: false, keys: InputDevice.keys(fromBitmap: Self.headset))
    #expect(device.role == .headset)
    #expect(device.admits(KeyEvent(.playPause, .press)))
    #expect(device.admits(KeyEvent(.fastForward, .release)))
    #expect(!device.admits(KeyEvent(KeyCode(rawValue: 115), .press)))
    for key in [KeyCode.media, .playCD] {
      let other = InputDevice(name: "Remote", bus: .usb, isVirtual: false, keys: [key])
      #expect(other.role == .headset && other.admits(KeyEvent(key, .press)))
    }
  }

  @Test
  func
    `bluetoothd's AVRCP device gives only its held seek keys, its play key going to the registered player`()
  {
    // avctp.c's key map: KEY_PLAYCD, KEY_PAUSECD, KEY_NEXTSONG, KEY_FASTFORWARD, KEY_REWIND and more.
    let device = InputDevice(
      name: "Car", bus: .bluetooth, isVirtual: true,
      keys: [
        .playCD, KeyCode(rawValue: 201), KeyCode(rawValue: 163), .fastForward, .rewind, KeyCode(rawValue: 2),
      ])
    #expect(device.role == .bluetoothAVRCP)
    #expect(device.admits(KeyEvent(.fastForward, .press)))
    #expect(device.admits(KeyEvent(.rewind, .release)))
    #expect(!device.admits(KeyEvent(.playCD, .press)))
  }

  @Test func `a keyboard's separate media-key device is not read: it has keys no headset has`() {
    // KEY_PLAYPAUSE, KEY_VOLUMEUP, KEY_CALC, KEY_WWW, KEY_MAIL: a USB keyboard's "Consumer Control".
    let keys: Set<KeyCode> = [
      .playPause, KeyCode(rawValue: 115), KeyCode(rawValue: 140), KeyCode(rawValue: 150),
      KeyCode(rawValue: 155),
    ]
    let device = InputDevice(name: "Keyboard Consumer Control", bus: .usb, isVirtual: false, keys: keys)
    #expect(!device.isKeyboard)
    #expect(device.role == nil)
  }

  @Test func `a headset with only the keys the hub handles is taken whole, one with volume keys is shared`() {
    let button = InputDevice(name: "Button", bus: .usb, isVirtual: false, keys: [.playPause])
    #expect(button.role == .headset && button.isTakenWhole)
    let headset = InputDevice(
      name: "USB Headset", bus: .usb, isVirtual: false, keys: InputDevice.keys(fromBitmap: Self.headset))
    #expect(headset.role == .headset && !headset.isTakenWhole)
    let car = InputDevice(
      name: "Car (AVRCP)", bus: .bluetooth, isVirtual: true, keys: [.fastForward, .playCD])
    #expect(car.role == .bluetoothAVRCP && !car.isTakenWhole)
  }

  @Test func `a power button or a device with no media key is not read`() {
    let power = InputDevice(
      name: "Power Button", bus: InputDevice.Bus(rawValue: 0x19), isVirtual: false,
      keys: InputDevice.keys(fromBitmap: Self.powerButton))
    #expect(power.role == nil)
  }
}
