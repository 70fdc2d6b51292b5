import DBus
import RemoteControl

/// The signals of `org.mpris.MediaPlayer2.TrackList` and `org.mpris.MediaPlayer2.Playlists`
/// that a change of the queue or playlists calls for, found by comparing the models before and
/// after it.
///
/// `Tracks` (the window, ``TrackWindow``) is compared: the same tracks with changed info give one
/// `TrackMetadataChanged` each; one track more gives `TrackAdded`, one fewer `TrackRemoved`; any
/// other change `TrackListReplaced`. A change of the current item alone, within the same window,
/// gives none (the Player's `Metadata` tells it). A playlist whose name or icon changed gives
/// `PlaylistChanged`.
enum QueueSignals {
  /// One signal to emit.
  struct Signal: Sendable {
    /// The interface that declares it.
    let interface: MediaPlayerInterface
    /// Its member name.
    let member: String
    /// Its arguments.
    let arguments: [Value]
  }

  /// The signals between `old` and `new`, in the order to emit them.
  static func between(_ old: borrowing MediaPlayerModel, _ new: borrowing MediaPlayerModel) -> [Signal] {
    var signals: [Signal] = []
    if old.hasTrackList, new.hasTrackList {
      signals += trackSignals(
        Array(old.trackWindow), Array(new.trackWindow), current: new.queue?.currentItem,
        metadata: new.metadata(of:))
    }
    if let before = old.playlists, let after = new.playlists {
      for playlist in after.playlists {
        guard let previous = before.playlist(withID: playlist.id),
          previous.name != playlist.name || previous.iconURL != playlist.iconURL
        else { continue }
        signals.append(
          Signal(
            interface: .playlists, member: "PlaylistChanged",
            arguments: [PlaylistsInterface.value(of: playlist)]))
      }
    }
    return signals
  }

  private static func trackSignals(
    _ old: [QueueItem], _ new: [QueueItem], current: QueueItem?, metadata: (QueueItem) -> Metadata
  ) -> [Signal] {
    func signal(_ member: String, _ arguments: [Value]) -> Signal {
      Signal(interface: .trackList, member: member, arguments: arguments)
    }
    let oldIDs = old.map(\.id)
    let newIDs = new.map(\.id)
    if oldIDs == newIDs {
      return zip(old, new).compactMap { before, after in
        before.info == after.info
          ? nil
          : signal(
            "TrackMetadataChanged", [.objectPath(TrackListInterface.trackPath(after)), metadata(after).value])
      }
    }
    if newIDs.count == oldIDs.count + 1, let added = insertion(in: newIDs, of: oldIDs) {
      let after =
        added == 0
        ? ObjectPath(stringLiteral: TrackID.noTrack.path) : TrackListInterface.trackPath(new[added - 1])
      return [signal("TrackAdded", [metadata(new[added]).value, .objectPath(after)])]
    }
    if oldIDs.count == newIDs.count + 1, let removed = insertion(in: oldIDs, of: newIDs) {
      return [signal("TrackRemoved", [.objectPath(TrackListInterface.trackPath(old[removed]))])]
    }
    let current = current.map(TrackListInterface.trackPath) ?? ObjectPath(stringLiteral: TrackID.noTrack.path)
    return [
      signal(
        "TrackListReplaced",
        [
          .array(elementSignature: "o", new.map { .objectPath(TrackListInterface.trackPath($0)) }),
          .objectPath(current),
        ]
      )
    ]
  }

  /// The position of the one element of `longer` that `shorter` lacks, when `longer` is
  /// `shorter` with one element inserted; `nil` otherwise.
  private static func insertion(in longer: [String], of shorter: [String]) -> Int? {
    let split = zip(longer, shorter).prefix { $0 == $1 }.count
    return longer[(split + 1)...].elementsEqual(shorter[split...]) ? split : nil
  }
}
