import DBus
import RemoteControl

/// Checks the arguments of `org.mpris.MediaPlayer2.TrackList.AddTrack` before anything is
/// delivered: the URI is well formed and its scheme is one of `SupportedUriSchemes`, and
/// `AfterTrack` is a track of the list or `NoTrack` (add first).
enum TrackAdditionRequest {
  /// The addition the arguments ask for, or the error that names what is wrong with them.
  static func check(
    uri: String, after: String, makeCurrent: Bool, model: borrowing MediaPlayerModel, schemes: [String]
  ) -> Result<QueueItemAddition, BusError> {
    guard let colon = uri.firstIndex(of: ":"), isScheme(uri[..<colon]), uri.index(after: colon) < uri.endIndex
    else {
      return .failure(.invalidArgs("cannot add \"\(uri)\": it is not a URI (scheme:rest)"))
    }
    let scheme = uri[..<colon].lowercased()
    guard schemes.contains(scheme) else {
      return .failure(
        BusError(
          .notSupported, "cannot add \"\(uri)\": its scheme is not one of SupportedUriSchemes \(schemes)"))
    }
    var afterID: String?
    if after != TrackID.noTrack.path {
      guard let item = model.queueItem(atPath: after) else {
        return .failure(.invalidArgs("cannot add after \(after): it is not a track of the track list"))
      }
      afterID = item.id
    }
    return .success(QueueItemAddition(uri: uri, afterItemID: afterID, makeCurrent: makeCurrent))
  }

  /// RFC 3986's scheme: a letter, then letters, digits, `+`, `-` or `.`.
  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
      return false
    }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "+-.".unicodeScalars.contains(scalar))
    }
  }
}
