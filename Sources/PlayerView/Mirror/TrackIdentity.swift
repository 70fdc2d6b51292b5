package import DBus
import RemoteControlMPRIS

/// What names one track in an MPRIS `Metadata` dictionary, so that a track change can be told
/// from metadata that merely arrived again or gained artwork.
package enum TrackIdentity {
  /// The track's `mpris:trackid`, `xesam:url` and `xesam:title` joined, or `nil` for empty
  /// metadata; `nil` also when `metadata` is not a dictionary.
  package static func of(_ metadata: Value) -> String? {
    guard case .dictionary(_, _, let entries) = metadata.unwrappingVariants else { return nil }
    // The three entries read where they are (a later one of the same key wins), not a
    // dictionary of every entry made to read three.
    let keys = [MetadataKey.trackID.rawValue, MetadataKey.url.rawValue, MetadataKey.title.rawValue]
    var parts = ["", "", ""]
    for entry in entries {
      guard let key = entry.key.stringValue, let index = keys.firstIndex(of: key) else { continue }
      if let text = entry.value.unwrappingVariants.stringValue { parts[index] = text }
    }
    return parts.allSatisfy(\.isEmpty) ? nil : parts.joined(separator: "\n")
  }
}
