import RemoteControl

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A message a client sent, checked: every member present, of its type and in its range.
enum ClientMessage: Sendable, Hashable {
  /// `hello`: the protocol version the client speaks, its token and its name.
  case hello(version: Int, token: String?, client: String?)
  /// `register`: publish a player.
  case register(Registration)
  /// `unregister`: remove a player.
  case unregister(player: String)
  /// `metadata`: what the player plays; `nil` clears it.
  case metadata(player: String, ItemMetadata?)
  /// `actions`: the complete set of actions the player handles.
  case actions(player: String, Set<MediaSessionAction>)
  /// `positionState`: where playback is; `nil` clears it.
  case positionState(player: String, PositionState?)
  /// `playbackState`: whether the player plays.
  case playbackState(player: String, PlaybackState)
  /// `ping`: answered with `pong`.
  case ping

  /// What `register` says of the player.
  struct Registration: Sendable, Hashable {
    /// The client's name for the player.
    var player: String
    /// The last elements of the bus name.
    var appID: String
    /// MPRIS `Identity`.
    var identity: String
    /// MPRIS `DesktopEntry`.
    var desktopEntry: String?
  }

  /// What `metadata` says of the item: the Media Session's `MediaMetadata`, and a track id.
  struct ItemMetadata: Sendable, Hashable {
    var title: String
    var artist: String
    var album: String
    /// The picture chosen among those offered, if any.
    var artwork: ArtworkSource?
    var trackID: String?
  }

  /// Where the chosen picture comes from.
  enum ArtworkSource: Sendable, Hashable {
    /// An `http(s)` URL the hub fetches.
    case remote(URL)
    /// The bytes of a `data:` URL.
    case inline(Data)
  }

  /// The player the message is about, if it is about one.
  var player: String? {
    switch self {
    case .hello, .ping: nil
    case .register(let registration): registration.player
    case .unregister(let player), .metadata(let player, _), .actions(let player, _),
      .positionState(let player, _), .playbackState(let player, _):
      player
    }
  }
}
