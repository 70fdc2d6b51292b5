import RemoteControl

/// The identifier of the current track as MPRIS publishes it: a D-Bus object path.
///
/// The corresponding MPRIS type is `Track_Id` (D-Bus type `o`), the `mpris:trackid` entry of
/// `org.mpris.MediaPlayer2.Player.Metadata` and the first argument of `SetPosition`. It is made
/// from ``NowPlayingInfo/trackIdentifier`` (or, without one, from the title, artist and album,
/// which is how ``NowPlayingInfo/isSameItem(as:)`` tells items apart): every byte an object path
/// cannot hold is escaped as `_` and two hexadecimal digits, as sd-bus's `sd_bus_path_encode`
/// does, so that different identifiers never give the same path.
struct TrackID: Sendable, Hashable, CustomStringConvertible {
  /// The object path, such as `/org/swift_remote_control/track/delta_2d2Hz`.
  let path: String

  /// `/org/mpris/MediaPlayer2/TrackList/NoTrack`: the path MPRIS reserves for "no track".
  static let noTrack = TrackID(path: "/org/mpris/MediaPlayer2/TrackList/NoTrack")

  /// Where track paths live. MPRIS reserves `/org/mpris` for its own paths.
  static let prefix = "/org/swift_remote_control/track/"

  private init(path: String) { self.path = path }

  /// The path of an app's track identifier.
  init(identifier: String) {
    path = Self.prefix + Self.escaped(identifier)
  }

  /// The path of the item playing; ``noTrack`` when nothing is.
  init(_ info: NowPlayingInfo?) {
    guard let info else {
      self = .noTrack
      return
    }
    if let identifier = info.trackIdentifier {
      self.init(identifier: identifier)
    } else {
      let parts = [info.title, info.artist, info.albumTitle].map { $0 ?? "" }
      self.init(identifier: parts.joined(separator: "\u{1F}"))
    }
  }

  /// The path itself.
  var description: String { path }

  /// `text` as one object-path element: `[A-Za-z0-9]` kept, every other byte of its UTF-8 as
  /// `_xx`; the empty string as `_`.
  static func escaped(_ text: String) -> String {
    guard !text.isEmpty else { return "_" }
    let hexDigits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        bytes.append(byte)
      default:
        bytes.append(UInt8(ascii: "_"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
