import DBus
import RemoteControl

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The adapter of the `org.mpris.MediaPlayer2.Playlists` interface over the application's
/// playlists: `ActivatePlaylist` becomes the activate-playlist command, `GetPlaylists` lists
/// them, the properties come from its table (``propertyTable``). Exported only while the
/// application provides playlists.
enum PlaylistsInterface {
  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: MediaPlayerInterface.playlists.rawValue,
      methods: methods(state: state, dispatcher: dispatcher),
      properties: state.interfaceProperties(.playlists, dispatcher: dispatcher),
      signals: [Interface.Signal("PlaylistChanged", "(oss)", argumentNames: ["Playlist"])])
  }

  /// The properties of `org.mpris.MediaPlayer2.Playlists`: `PlaylistCount`, `Orderings` and
  /// `ActivePlaylist` (`(b(oss))`, `false` and an empty playlist at `/` when none is active).
  static let propertyTable = PropertyTable(
    interface: .playlists,
    entries: [
      PropertyTable.Entry(PlaylistsProperty.playlistCount) {
        .uint32(UInt32(clamping: $0.playlists?.playlists.count ?? 0))
      },
      PropertyTable.Entry(PlaylistsProperty.orderings) {
        .strings(($0.playlists?.orderings ?? []).map(\.rawValue))
      },
      PropertyTable.Entry(PlaylistsProperty.activePlaylist) { model in
        guard let active = model.playlists?.activePlaylist else {
          return .structure([
            .bool(false),
            .structure([.objectPath(ObjectPath(stringLiteral: "/")), .string(""), .string("")]),
          ])
        }
        return .structure([.bool(true), value(of: active)])
      },
    ])

  /// The `(oss)` of a playlist: its path, name and icon URI (empty for none).
  static func value(of playlist: Playlist) -> Value {
    .structure([
      .objectPath(ObjectPath(rawValue: PlaylistPath.path(of: playlist)) ?? ObjectPath(stringLiteral: "/")),
      .string(playlist.name), .string(playlist.iconURL?.absoluteString ?? ""),
    ])
  }

  // MARK: - Methods

  private static func methods(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Method] {
    [
      Interface.Method(PlaylistsMethod.activatePlaylist) { call in
        guard let path = call.arguments.first?.stringValue else { return call.reply() }
        let result = state.read { model -> Result<RemoteControlEvent.Command, BusError> in
          guard let playlist = model.playlist(atPath: path) else {
            return .failure(.invalidArgs("cannot activate \(path): the player has no such playlist"))
          }
          guard model.canActivatePlaylist else {
            return .failure(
              BusError(.notSupported, "ActivatePlaylist is not available: the player does not handle it"))
          }
          return .success(.activatePlaylist(playlist.id))
        }
        dispatcher.deliver(result, answering: call)
      },
      Interface.Method(PlaylistsMethod.getPlaylists) { call in
        guard call.arguments.count == 4, case .uint32(let index) = call.arguments[0],
          case .uint32(let maxCount) = call.arguments[1], let order = call.arguments[2].stringValue,
          let reversed = call.arguments[3].boolValue
        else { return call.reply([.array(elementSignature: "(oss)", [])]) }
        let result = state.read { model -> Result<[Value], BusError> in
          let library = model.playlists ?? PlaylistLibrary(playlists: [])
          guard let ordering = PlaylistOrdering(rawValue: order), library.orderings.contains(ordering) else {
            let supported = library.orderings.map(\.rawValue)
            return .failure(
              .invalidArgs("cannot order playlists by \"\(order)\": Orderings are \(supported)"))
          }
          // Index past the end: no playlists; MaxCount past the end: the rest.
          let sorted = library.sorted(by: ordering, reversed: reversed)
          let start = min(Int(index), sorted.count)
          let end = start + min(Int(maxCount), sorted.count - start)
          return .success(sorted[start..<end].map(value(of:)))
        }
        switch result {
        case .failure(let error): call.fail(error)
        case .success(let playlists): call.reply([.array(elementSignature: "(oss)", playlists)])
        }
      },
    ]
  }
}
