package import DBus
import RemoteControlMPRIS

/// What names one track in an MPRIS `Metadata` dictionary, so that a track change can be told
/// from metadata that merely arrived again or gained artwork.
package enum TrackIdentity {
  /// The track's `mpris:trackid`, `xesam:url` and `xesam:title` joined, or `nil` for empty
  /// metadata; `nil` also when `metadata` is not a dictionary.
  package static func of(_ metadata: Value) -> String? {
    guard case .dictionary(_, _, let entries) = metadata.unwrappingVariants else { return nil }
    var fields: [String: String] = [:]
    for entry in entries {
      guard let key = entry.key.stringValue else { continue }
      if let text = entry.value.unwrappingVariants.stringValue { fields[key] = text }
    }
    let parts = [MetadataKey.trackID.rawValue, MetadataKey.url.rawValue, MetadataKey.title.rawValue].map {
      fields[$0] ?? ""
    }
    return parts.allSatisfy(\.isEmpty) ? nil : parts.joined(separator: "\n")
  }
}
