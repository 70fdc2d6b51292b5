/// A QR code (ISO/IEC 18004) of some text: byte mode, error correction level M, versions 1 to
/// 10 (up to 213 bytes), the mask chosen by the standard's penalty rules unless given.
struct QRCode: Sendable, Hashable {
  /// The version, 1 to 10: the symbol is 17 + 4 × version modules wide.
  let version: Int
  /// The mask pattern applied, 0 to 7.
  let mask: Int
  /// The modules, row by row: `true` is dark.
  let modules: [[Bool]]

  /// The width and height in modules.
  var size: Int { modules.count }

  /// Why text cannot be encoded.
  struct EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    var description: String
  }

  /// Encodes `text` (its UTF-8 bytes) in the smallest version that holds it, or in `version`,
  /// with `mask`, or the mask of least penalty.
  init(_ text: String, version: Int? = nil, mask: Int? = nil) throws(EncodingError) {
    let bytes = Array(text.utf8)
    let chosen: Int
    if let version {
      guard (1...10).contains(version) else {
        throw EncodingError(description: "version \(version) is not 1 to 10")
      }
      guard Self.fits(bytes.count, version: version) else {
        throw EncodingError(description: "\(bytes.count) bytes do not fit in version \(version) at level M")
      }
      chosen = version
    } else {
      guard let smallest = (1...10).first(where: { Self.fits(bytes.count, version: $0) }) else {
        throw EncodingError(
          description:
            "\(bytes.count) bytes are too many for a QR code up to version 10 (213 bytes at level M)")
      }
      chosen = smallest
    }
    if let mask, !(0...7).contains(mask) { throw EncodingError(description: "mask \(mask) is not 0 to 7") }
    let codewords = Self.codewords(Self.dataCodewords(bytes, version: chosen), version: chosen)
    var symbol = Symbol(version: chosen)
    symbol.drawFunctionPatterns()
    symbol.drawCodewords(codewords)
    let masks = mask.map { [$0] } ?? Array(0...7)
    var best: (mask: Int, penalty: Int, modules: [[Bool]])?
    for candidate in masks {
      var masked = symbol
      masked.applyMask(candidate)
      masked.drawFormatBits(mask: candidate)
      let penalty = masks.count == 1 ? 0 : masked.penalty()
      if best == nil || penalty < best?.penalty ?? .max { best = (candidate, penalty, masked.modules) }
    }
    self.version = chosen
    self.mask = best?.mask ?? 0
    self.modules = best?.modules ?? symbol.modules
  }

  // MARK: - Capacity (level M)

  /// For each version: error correction codewords per block, and the blocks' data codewords.
  private static let blocks: [(ecc: Int, data: [Int])] = [
    (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]),
    (16, [27, 27, 27, 27]), (18, [31, 31, 31, 31]), (22, [38, 38, 39, 39]),
    (22, [36, 36, 36, 37, 37]), (26, [43, 43, 43, 43, 44]),
  ]

  /// The data codewords of `version`.
  static func dataCapacity(version: Int) -> Int { blocks[version - 1].data.reduce(0, +) }

  /// Whether `count` bytes fit: a 4-bit mode, the count (8 bits up to version 9, 16 from 10),
  /// and the bytes.
  static func fits(_ count: Int, version: Int) -> Bool {
    4 + countBits(version) + 8 * count <= 8 * dataCapacity(version: version)
  }

  private static func countBits(_ version: Int) -> Int { version < 10 ? 8 : 16 }

  // MARK: - Codewords

  /// Mode, count, bytes, terminator and padding, as codewords.
  private static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
    var bits: [Bool] = []
    func append(_ value: Int, _ count: Int) {
      for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }
    append(0b0100, 4)
    append(bytes.count, countBits(version))
    for byte in bytes { append(Int(byte), 8) }
    let capacity = 8 * dataCapacity(version: version)
    append(0, min(4, capacity - bits.count))
    append(0, (8 - bits.count % 8) % 8)
    var codewords: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
      bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
    }
    var pad: UInt8 = 0xEC
    while codewords.count < dataCapacity(version: version) {
      codewords.append(pad)
      pad = pad == 0xEC ? 0x11 : 0xEC
    }
    return codewords
  }

  /// The data split into blocks, each with its Reed–Solomon codewords, interleaved.
  private static func codewords(_ data: [UInt8], version: Int) -> [UInt8] {
    let layout = blocks[version - 1]
    let generator = ReedSolomon.generator(degree: layout.ecc)
    var dataBlocks: [[UInt8]] = []
    var offset = 0
    for length in layout.data {
      dataBlocks.append(Array(data[offset..<offset + length]))
      offset += length
    }
    let eccBlocks = dataBlocks.map { ReedSolomon.remainder($0, generator: generator) }
    var result: [UInt8] = []
    for index in 0..<(layout.data.max() ?? 0) {
      for block in dataBlocks where index < block.count { result.append(block[index]) }
    }
    for index in 0..<layout.ecc {
      for block in eccBlocks { result.append(block[index]) }
    }
    return result
  }
}
