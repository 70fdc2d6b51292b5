/// Reed–Solomon error correction over GF(256) with QR codes' polynomial x⁸+x⁴+x³+x²+1.
enum ReedSolomon {
  /// The product of `a` and `b` in the field.
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    var result: UInt16 = 0
    var x = UInt16(a)
    var y = b
    while y != 0 {
      if y & 1 == 1 { result ^= x }
      x <<= 1
      if x & 0x100 != 0 { x ^= 0x11D }
      y >>= 1
    }
    return UInt8(truncatingIfNeeded: result)
  }

  /// The generator polynomial of `degree`: (x − α⁰)(x − α¹)…, its coefficients from the
  /// highest power down, the leading 1 left out.
  static func generator(degree: Int) -> [UInt8] {
    var coefficients = [UInt8](repeating: 0, count: degree)
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        coefficients[index] = multiply(coefficients[index], root)
        if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
      }
      root = multiply(root, 0x02)
    }
    return coefficients
  }

  /// The error correction codewords of `data`: its remainder divided by `generator`.
  static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: generator.count)
    for byte in data {
      let factor = byte ^ result[0]
      result.removeFirst()
      result.append(0)
      for index in result.indices { result[index] ^= multiply(generator[index], factor) }
    }
    return result
  }
}
