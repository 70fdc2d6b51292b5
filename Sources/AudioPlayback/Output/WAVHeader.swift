/// The 44-byte header of a RIFF/WAVE file of 16-bit PCM: the `RIFF` chunk, the `fmt ` chunk
/// and the start of the `data` chunk.
struct WAVHeader: Sendable {
  /// The header's size, and the data's offset in the file.
  static let size = 44
  /// Where the RIFF chunk's size is (file size − 8).
  static let riffSizeOffset = 4
  /// Where the data chunk's size is.
  static let dataSizeOffset = 40
  /// The largest data a RIFF size field can describe.
  static let maximumDataSize = Int(UInt32.max) - size

  let format: AudioFormat
  static let bitsPerSample = 16

  var bytesPerFrame: Int { format.channelCount * Self.bitsPerSample / 8 }

  /// The header's bytes for `dataSize` bytes of samples.
  func bytes(dataSize: Int) -> [UInt8] {
    let data = UInt32(min(dataSize, Self.maximumDataSize))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.size)
    bytes += Array("RIFF".utf8)
    bytes += Self.littleEndian(UInt32(36) + data)
    bytes += Array("WAVEfmt ".utf8)
    bytes += Self.littleEndian(UInt32(16))  // fmt chunk size
    bytes += Self.littleEndian(UInt16(1))  // PCM
    bytes += Self.littleEndian(UInt16(format.channelCount))
    bytes += Self.littleEndian(UInt32(format.sampleRate))
    bytes += Self.littleEndian(UInt32(format.sampleRate * bytesPerFrame))  // byte rate
    bytes += Self.littleEndian(UInt16(bytesPerFrame))  // block align
    bytes += Self.littleEndian(UInt16(Self.bitsPerSample))
    bytes += Array("data".utf8)
    bytes += Self.littleEndian(data)
    return bytes
  }

  /// `value`'s bytes, least significant first.
  static func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
}
