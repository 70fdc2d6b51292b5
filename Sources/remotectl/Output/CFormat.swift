internal import Glibc

/// C `printf` conversions playerctl's output uses.
enum CFormat {
  /// `%f`: six decimals, as playerctl prints `position` and `volume`.
  static func fixed(_ value: Double) -> String { formatted(value, "%f") }

  /// `value` printed with the C conversion `format` (one conversion of a double, such as `%f` or
  /// `%.17g`); Swift's own text for it when the conversion fails.
  ///
  /// The corresponding C function is `vsnprintf`.
  static func formatted(_ value: Double, _ format: String) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
      withVaList([value]) { vsnprintf(pointer.baseAddress, 512, format, $0) }
    }
    guard count > 0 else { return String(value) }
    return String(decoding: buffer.prefix(min(Int(count), 511)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
