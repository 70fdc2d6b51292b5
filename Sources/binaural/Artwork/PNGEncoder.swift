/// Encodes RGB pictures as PNG files, with the image data in stored (uncompressed) deflate
/// blocks: every PNG reader opens them, and no compression library is needed.
///
/// The PNG format is ISO/IEC 15948; the deflate and zlib formats are RFC 1951 and RFC 1950.
enum PNGEncoder {
  /// The PNG bytes of a `width` × `height` picture whose pixels are `rgb` (3 bytes each, row by
  /// row from the top).
  static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    precondition(rgb.count == width * height * 3, "the pixels do not fill \(width) × \(height)")
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // 8 bits per sample, truecolour, deflate, adaptive filters, no interlace
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", zlibStored(scanlines(width: width, height: height, rgb: rgb)), to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// Each row preceded by its filter type, 0 (none).
  private static func scanlines(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    data.reserveCapacity(height * (width * 3 + 1))
    for row in 0..<height {
      data.append(0)
      data += rgb[(row * width * 3)..<((row + 1) * width * 3)]
    }
    return data
  }

  /// A zlib stream of `data` in stored deflate blocks of at most 65,535 bytes.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary, fastest
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let isLast = offset + count == data.count
      stream.append(isLast ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
      let length = UInt16(count)
      stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      stream += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    stream += bigEndian(adler32(data))
    return stream
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += bigEndian(UInt32(data.count))
    png += typeBytes
    png += data
    png += bigEndian(crc32(typeBytes + data))
  }

  /// The CRC-32 (ISO 3309) PNG chunks end with.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The Adler-32 checksum zlib streams end with.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
