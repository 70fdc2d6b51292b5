import DBus
import HubCore
import RemoteControlMPRIS

/// The properties of the player the hub registers with `org.bluez.Media1.RegisterPlayer`, as
/// bluetoothd 5.66 accepts them (BlueZ profiles/audio/media.c), made from whatever the Now
/// Playing app sends: the reverse of ``DevicePlayerProperties``.
///
/// bluetoothd reads the registration's dict and each `PropertiesChanged` of
/// `org.mpris.MediaPlayer2.Player` with `parse_player_properties`, which stops at the first entry
/// `set_player_property` refuses: `RegisterPlayer` then fails (`InvalidArguments`), and a
/// `PropertiesChanged` loses that entry and every one after it, silently — a car stays on the
/// previous app's title. It compares keys case-insensitively (`strcasecmp`) and refuses:
/// - `PlaybackStatus` that is not a string (`set_status`); `Position` that is not `x`
///   (`set_position`, which also reads it unsigned, in ms, into 32 bits);
/// - `Metadata` that is not a dictionary (`parse_player_metadata`), or one whose `xesam:title` or
///   `xesam:album` is not a string (`parse_string_metadata`), whose `xesam:artist` or
///   `xesam:genre` is not an array whose first element is a string (`parse_array_metadata`, which
///   keeps that first element only), whose `mpris:length` is not `x` or `t`
///   (`parse_int64_metadata`, µs read into 32-bit ms) or whose `xesam:trackNumber` is not `i` or
///   `u` (`parse_int32_metadata`, printed unsigned);
/// - `Shuffle` and `CanPlay`, `CanPause`, `CanGoNext`, `CanGoPrevious`, `CanControl` that are
///   not booleans (`set_shuffle`, `set_flag`); `LoopStatus` that is not one of `None`, `Track`,
///   `Playlist` (`set_repeat` → `loop_status_to_repeat`); `Identity` that is not a string
///   (`set_name`).
///
/// Every other key it ignores (`DBG("%s not supported, ignoring")`), whatever its type. Here each
/// property bluetoothd reads is given the type and range it accepts: a double, string or
/// unsigned length becomes `x` µs, a string artist `[string]`, a 64-bit, unsigned, double or
/// string track number an `i` in range, a trackid string an object path; an entry that cannot
/// be made so is left out, alone. `PlaybackStatus` and `LoopStatus` values MPRIS does not have
/// read `Stopped` and `None`, as ``LegalValues`` serves them (avrcp.c's `play_status_to_val`
/// names an unknown status an error).
struct RegisteredPlayerProperties: Sendable, Hashable {
  /// The properties as bluetoothd accepts them, by name: a registration's dict, or the values of
  /// a `PropertiesChanged`.
  private(set) var properties: [String: Value] = [:]

  /// A property or `Metadata` entry that was changed or left out.
  struct Adjustment: Sendable, Hashable {
    /// Its name; a `Metadata` entry as `Metadata.xesam:artist`.
    var name: String
    /// The type it had (a D-Bus signature).
    var got: String
    /// Whether it was left out (`true`) or made into what bluetoothd accepts.
    var leftOut: Bool
  }

  /// What was changed or left out, sorted by name.
  private(set) var adjustments: [Adjustment] = []

  /// The MPRIS player properties `mpris` (values out of their variants), and `Identity`, as
  /// bluetoothd accepts them.
  init(_ mpris: [String: Value]) {
    for (name, value) in mpris {
      let value = value.unwrappingVariants
      guard let accepted = Self.accepted(name, value, adjusting: &adjustments) else {
        adjustments.append(Adjustment(name: name, got: value.signature.rawValue, leftOut: true))
        continue
      }
      if accepted != value, !Self.isMetadata(name) {
        adjustments.append(Adjustment(name: name, got: value.signature.rawValue, leftOut: false))
      }
      properties[name] = accepted
    }
    adjustments.sort { $0.name < $1.name }
  }

  /// `value` of the property `name` as bluetoothd accepts it, `nil` when it cannot be made so.
  static func accepted(_ name: String, _ value: Value) -> Value? {
    var ignored: [Adjustment] = []
    return accepted(name, value.unwrappingVariants, adjusting: &ignored)
  }

  // MARK: - Properties

  private static func isMetadata(_ name: String) -> Bool {
    name.lowercased() == PlayerProperty.metadata.rawValue.lowercased()
  }

  private static func accepted(_ name: String, _ value: Value, adjusting adjustments: inout [Adjustment])
    -> Value?
  {
    switch name.lowercased() {
    case "playbackstatus":
      guard let status = value.stringValue else { return nil }
      return .string(
        PlaybackStatus.allCases.first { $0.rawValue.lowercased() == status.lowercased() }?.rawValue
          ?? PlaybackStatus.stopped.rawValue)
    case "loopstatus":
      guard let status = value.stringValue else { return nil }
      return .string(
        LoopStatus.allCases.first { $0.rawValue.lowercased() == status.lowercased() }?.rawValue
          ?? LoopStatus.none.rawValue)
    case "position":
      // set_position divides by 1000 into an unsigned 32-bit millisecond count, UINT32_MAX
      // meaning the end of the track.
      return microseconds(value, upTo: (Int64(UInt32.max) - 1) * 1000).map(Value.int64)
    case "shuffle", "canplay", "canpause", "cangonext", "cangoprevious", "cancontrol":
      return boolean(value).map(Value.bool)
    case "identity":
      guard let identity = value.stringValue, !identity.isEmpty else { return nil }
      return .string(identity)
    case "metadata":
      return metadata(value, adjusting: &adjustments)
    default:
      return value
    }
  }

  private static func boolean(_ value: Value) -> Bool? {
    if let flag = value.boolValue { return flag }
    switch value.int64Value {
    case 0: return false
    case 1: return true
    default: return nil
    }
  }

  // MARK: - Metadata

  /// `Metadata` as `parse_player_metadata` accepts it: every entry it reads of the right type, the
  /// others as they were; `nil` when it is not a dictionary of string keys.
  private static func metadata(_ value: Value, adjusting adjustments: inout [Adjustment]) -> Value? {
    guard case .dictionary(_, _, let entries) = value else { return nil }
    var fields: [(key: String, name: String, value: Value)] = []
    for entry in entries {
      guard let key = entry.key.stringValue else { return nil }
      fields.append((key, canonical(key), entry.value.unwrappingVariants))
    }
    // strcasecmp: a key in another case is read as the same one; the one in MPRIS's case wins.
    // Each key's canonical name is found once, not in every comparison of the sort.
    fields.sort { ($0.key == $0.name ? 1 : 0) < ($1.key == $1.name ? 1 : 0) }
    var result: [String: Value] = [:]
    for (key, name, value) in fields {
      let accepted = metadataEntry(name, value)
      if accepted != value {
        adjustments.append(
          Adjustment(name: "Metadata.\(key)", got: value.signature.rawValue, leftOut: accepted == nil))
      }
      if let accepted { result[name] = accepted }
    }
    return .vardict(result)
  }

  /// The keys `parse_player_metadata` reads, and `mpris:trackid`, which MPRIS types `o`.
  private static let metadataKeys = [
    MetadataKey.title.rawValue, MetadataKey.album.rawValue, MetadataKey.artist.rawValue,
    MetadataKey.genre.rawValue, MetadataKey.length.rawValue, MetadataKey.trackNumber.rawValue,
    MetadataKey.trackID.rawValue,
  ]

  /// `key` in MPRIS's case when it is one of ``metadataKeys`` in any case; lowercased only when it
  /// is not one as it stands (what players send), since this runs for every entry of every change.
  private static func canonical(_ key: String) -> String {
    if metadataKeys.contains(key) { return key }
    let lowercased = key.lowercased()
    return metadataKeys.first { $0.lowercased() == lowercased } ?? key
  }

  private static func metadataEntry(_ key: String, _ value: Value) -> Value? {
    switch key {
    case MetadataKey.title.rawValue, MetadataKey.album.rawValue:
      return text(value).map(Value.string)
    case MetadataKey.artist.rawValue, MetadataKey.genre.rawValue:
      // parse_array_metadata keeps the first element only: several are joined into it, so that a
      // car shows them all.
      if case .array(_, let elements) = value, elements.isEmpty { return .strings([]) }
      return text(value).map { .strings([$0]) }
    case MetadataKey.length.rawValue:
      // parse_int64_metadata divides by 1000 into an unsigned 32-bit millisecond count.
      return microseconds(value, upTo: Int64(UInt32.max) * 1000).map(Value.int64)
    case MetadataKey.trackNumber.rawValue:
      return trackNumber(value).map(Value.int32)
    case MetadataKey.trackID.rawValue:
      guard let text = value.stringValue, let path = ObjectPath(rawValue: text) else { return nil }
      return .objectPath(path)
    default:
      return value
    }
  }

  /// A string, or the strings of an array (of strings or variants of strings) joined with ", ";
  /// `nil` for anything else, or an array without a string.
  private static func text(_ value: Value) -> String? {
    if let text = value.stringValue { return text }
    guard let elements = value.arrayElements else { return nil }
    let texts = elements.compactMap { $0.unwrappingVariants.stringValue }.filter { !$0.isEmpty }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  /// An integer, a finite double (rounded) or a string of one, as microseconds in `0...limit`.
  private static func microseconds(_ value: Value, upTo limit: Int64) -> Int64? {
    guard let number = number(value), number >= 0, number <= Double(limit) else { return nil }
    return min(Int64(number.rounded()), limit)
  }

  /// An integer, an integral double or a string of one (`"3"`, or `"3/12"`), as an `i` of at
  /// least 0: parse_int32_metadata prints it unsigned, so a negative one would be 4294967295.
  private static func trackNumber(_ value: Value) -> Int32? {
    var value = value
    if let text = value.stringValue, let slash = text.firstIndex(of: "/") {
      value = .string(String(text[..<slash]))
    }
    guard let number = number(value), number.rounded() == number, number >= 0,
      number <= Double(Int32.max)
    else { return nil }
    return Int32(number)
  }

  /// The number of an integer, a finite double, or a string of either.
  private static func number(_ value: Value) -> Double? {
    if case .uint64(let unsigned) = value { return Double(unsigned) }
    if let number = value.doubleValue { return number.isFinite ? number : nil }
    // One number, spaces around it allowed.
    let words = value.stringValue?.split(separator: " ") ?? []
    guard words.count == 1, let number = Double(words[0]), number.isFinite else { return nil }
    return number
  }
}
