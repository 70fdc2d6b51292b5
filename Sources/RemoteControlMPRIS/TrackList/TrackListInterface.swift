import DBus
import RemoteControl

/// The adapter of the `org.mpris.MediaPlayer2.TrackList` interface over the application's
/// playback queue: `GoTo`, `AddTrack` and `RemoveTrack` become queue commands, `Tracks` and
/// `CanEditTracks` come from its table (``propertyTable``), and the signals from
/// ``TrackListSignals``. Exported only while the application provides a queue.
enum TrackListInterface {
  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: MediaPlayerInterface.trackList.rawValue,
      methods: methods(state: state, dispatcher: dispatcher),
      properties: state.interfaceProperties(.trackList, dispatcher: dispatcher),
      signals: [
        Interface.Signal("TrackListReplaced", "aoo", argumentNames: ["Tracks", "CurrentTrack"]),
        Interface.Signal("TrackAdded", "a{sv}o", argumentNames: ["Metadata", "AfterTrack"]),
        Interface.Signal("TrackRemoved", "o", argumentNames: ["TrackId"]),
        Interface.Signal("TrackMetadataChanged", "oa{sv}", argumentNames: ["TrackId", "Metadata"]),
      ])
  }

  /// The properties of `org.mpris.MediaPlayer2.TrackList`: `Tracks` (announced by invalidation,
  /// as the spec says) and `CanEditTracks`.
  static let propertyTable = PropertyTable(
    interface: .trackList,
    entries: [
      PropertyTable.Entry(TrackListProperty.tracks) { model in
        .array(elementSignature: "o", model.trackWindow.map { .objectPath(trackPath($0)) })
      },
      PropertyTable.Entry(TrackListProperty.canEditTracks) { .bool($0.canEditTracks) },
    ])

  /// The object path of `item` (its `mpris:trackid`).
  static func trackPath(_ item: QueueItem) -> ObjectPath {
    ObjectPath(rawValue: TrackID(identifier: item.id).path) ?? ObjectPath(stringLiteral: TrackID.noTrack.path)
  }

  // MARK: - Methods

  private static func methods(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Method] {
    [
      Interface.Method(TrackListMethod.getTracksMetadata) { call in
        let paths = call.arguments.first?.arrayElements?.compactMap(\.stringValue) ?? []
        // Unknown ids are left out: the reply lists the tracks that exist.
        let metadata = state.read { model in
          paths.compactMap { model.queueItem(atPath: $0).map { model.metadata(of: $0).value } }
        }
        call.reply([.array(elementSignature: "a{sv}", metadata)])
      },
      Interface.Method(TrackListMethod.addTrack) { call in
        guard call.arguments.count == 3, let uri = call.arguments[0].stringValue,
          let after = call.arguments[1].stringValue, let makeCurrent = call.arguments[2].boolValue
        else { return call.reply() }
        let result = state.read { model -> Result<RemoteControlEvent.Command, BusError>? in
          // AddTrack: no effect when CanEditTracks is false, as the spec says.
          guard model.canEditTracks else { return nil }
          return TrackAdditionRequest.check(
            uri: uri, after: after, makeCurrent: makeCurrent, model: model,
            schemes: state.configuration.supportedURISchemes
          ).map(RemoteControlEvent.Command.addQueueItem)
        }
        dispatcher.deliver(result, answering: call)
      },
      Interface.Method(TrackListMethod.removeTrack) { call in
        guard let path = call.arguments.first?.stringValue else { return call.reply() }
        let result = state.read { model -> Result<RemoteControlEvent.Command, BusError>? in
          // RemoveTrack: no effect when CanEditTracks is false, as the spec says.
          guard model.canEditTracks else { return nil }
          guard let item = model.queueItem(atPath: path) else {
            return .failure(.invalidArgs("cannot remove \(path): it is not a track of the track list"))
          }
          return .success(.removeQueueItem(item.id))
        }
        dispatcher.deliver(result, answering: call)
      },
      Interface.Method(TrackListMethod.goTo) { call in
        guard let path = call.arguments.first?.stringValue else { return call.reply() }
        let result = state.read { model -> Result<RemoteControlEvent.Command, BusError> in
          guard let item = model.queueItem(atPath: path) else {
            return .failure(.invalidArgs("cannot go to \(path): it is not a track of the track list"))
          }
          guard model.canGoToTrack else {
            return .failure(BusError(.notSupported, "GoTo is not available: the player does not handle it"))
          }
          return .success(.goToQueueItem(item.id))
        }
        dispatcher.deliver(result, answering: call)
      },
    ]
  }
}
