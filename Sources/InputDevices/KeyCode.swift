/// A key's code in the Linux input protocol, as `linux/input-event-codes.h` numbers it.
package struct KeyCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The code's number.
  package let rawValue: UInt16

  /// A key numbered `rawValue`.
  package init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The one-button headset's key, as most wired and USB headsets send it. The corresponding C
  /// constant is `KEY_PLAYPAUSE`.
  package static let playPause = KeyCode(rawValue: 164)
  /// The headset key some drivers send instead (Android's `KEYCODE_HEADSETHOOK`). The
  /// corresponding C constant is `KEY_MEDIA`.
  package static let media = KeyCode(rawValue: 226)
  /// The play key, as bluetoothd's AVRCP device and some remotes send it. The corresponding C
  /// constant is `KEY_PLAYCD`.
  package static let playCD = KeyCode(rawValue: 200)
  /// Fast forward, held: AVRCP's FAST FORWARD as bluetoothd forwards it. The corresponding C
  /// constant is `KEY_FASTFORWARD`.
  package static let fastForward = KeyCode(rawValue: 208)
  /// Rewind, held: AVRCP's REWIND as bluetoothd forwards it. The corresponding C constant is
  /// `KEY_REWIND`.
  package static let rewind = KeyCode(rawValue: 168)

  /// The keys of a headset's one button: each is pressed and released as that button.
  package static let headsetButton: Set<KeyCode> = [.playPause, .media, .playCD]
  /// The keys that seek while held.
  package static let seekKeys: Set<KeyCode> = [.fastForward, .rewind]

  /// The keys a headset or a media remote has, and nothing else: play, pause, stop, next, previous,
  /// seek, record, volume, mute, microphone mute, voice command and the phone keys
  /// (`linux/input-event-codes.h`). A device with any other key (a keyboard's media-key device has
  /// calculator, browser and mail keys) is not a headset.
  package static let mediaKeys: Set<KeyCode> =
    headsetButton.union(seekKeys).union(
      [
        113, 114, 115,  // KEY_MUTE, KEY_VOLUMEDOWN, KEY_VOLUMEUP
        163, 165, 166, 167, 169,  // KEY_NEXTSONG, KEY_PREVIOUSSONG, KEY_STOPCD, KEY_RECORD, KEY_PHONE
        201, 207,  // KEY_PAUSECD, KEY_PLAY
        248, 445, 446, 582,  // KEY_MICMUTE, KEY_PICKUP_PHONE, KEY_HANGUP_PHONE, KEY_VOICECOMMAND
      ].map(KeyCode.init(rawValue:)))

  package var description: String {
    switch self {
    case .playPause: "KEY_PLAYPAUSE"
    case .media: "KEY_MEDIA"
    case .playCD: "KEY_PLAYCD"
    case .fastForward: "KEY_FASTFORWARD"
    case .rewind: "KEY_REWIND"
    default: "key \(rawValue)"
    }
  }
}
