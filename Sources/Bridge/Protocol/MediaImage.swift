/// One picture a client offers for the item, as the Media Session API's `MediaImage`:
/// `{src, sizes, type}`.
struct MediaImage: Sendable, Hashable {
  /// The picture's absolute `http`, `https` or `data` URL.
  var source: String
  /// The HTML `sizes` text, such as `"96x96 128x128"` or `"any"`.
  var sizes: String?
  /// The MIME type, such as `image/png`.
  var type: String?

  /// How large the picture says it is, to choose the largest: `any` is larger than every size,
  /// no `sizes` smaller than every size; otherwise the largest area listed.
  var declaredArea: Int {
    guard let sizes else { return -1 }
    var largest = 0
    for size in sizes.lowercased().split(whereSeparator: \.isWhitespace) {
      if size == "any" { return Int.max }
      let sides = size.split(separator: "x")
      guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { continue }
      let (area, overflow) = width.multipliedReportingOverflow(by: height)
      largest = max(largest, overflow ? Int.max - 1 : area)
    }
    return largest
  }

  /// The image to publish among `images`: the largest by ``declaredArea``, the first of equals.
  static func preferred(among images: [MediaImage]) -> MediaImage? {
    var best: MediaImage?
    for image in images where best.map({ image.declaredArea > $0.declaredArea }) ?? true {
      best = image
    }
    return best
  }
}
