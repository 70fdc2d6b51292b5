#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The picture of the item playing.
///
/// The corresponding MediaPlayer type is `MPMediaItemArtwork`. MPRIS publishes artwork as a
/// URL (`mpris:artUrl`); bytes are written once to a cache file and published as a `file://`
/// URL, because MPRIS clients cannot show `data:` URIs reliably.
public enum Artwork: Sendable, Hashable {
  /// A picture at a `file://` or `http(s)://` URL.
  case url(URL)
  /// The bytes of a PNG, JPEG, GIF, WebP or SVG picture.
  case data(Data)
}
