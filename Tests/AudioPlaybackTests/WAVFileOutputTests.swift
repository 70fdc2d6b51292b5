import AudioPlayback
import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// A RIFF/WAVE file read back: its header fields and its 16-bit samples as floats.
struct WAVFile {
  var riff = "", wave = "", fmt = "", dataTag = ""
  var riffSize = 0, formatTag = 0, channels = 0, sampleRate = 0, byteRate = 0, blockAlign = 0
  var bitsPerSample = 0, dataSize = 0, fileSize = 0
  var sound = StereoSound(interleaved: [])

  init(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
    func integer(_ at: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    fileSize = bytes.count
    riff = text(0)
    riffSize = integer(4, 4)
    wave = text(8)
    fmt = text(12)
    formatTag = integer(20, 2)
    channels = integer(22, 2)
    sampleRate = integer(24, 4)
    byteRate = integer(28, 4)
    blockAlign = integer(32, 2)
    bitsPerSample = integer(34, 2)
    dataTag = text(36)
    dataSize = integer(40, 4)
    let samples = stride(from: 44, to: min(bytes.count, 44 + dataSize) - 1, by: 2).map {
      Float(Int16(bitPattern: UInt16(integer($0, 2)))) / 32_767
    }
    sound = StereoSound(interleaved: samples)
  }
}

@Suite("WAV file output")
struct WAVFileOutputTests {
  @Test("a player writes a valid RIFF/WAVE file with the beat's tones")
  func playerWritesValidFile() throws {
    let path = temporaryPath("beat.wav")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let player = BeatPlayer(
      output: try WAVFileOutput(path: path), beat: BinauralBeat(carrier: 200, beat: 10))
    player.play()
    #expect(player.waitForFramesWritten(24_000, timeout: 5))
    player.close()
    #expect(player.failure == nil)

    let file = try WAVFile(path: path)
    #expect(file.riff == "RIFF" && file.wave == "WAVE" && file.fmt == "fmt " && file.dataTag == "data")
    #expect(file.formatTag == 1 && file.channels == 2 && file.sampleRate == 48_000)
    #expect(file.bitsPerSample == 16 && file.blockAlign == 4 && file.byteRate == 192_000)
    #expect(file.dataSize == file.fileSize - 44)
    #expect(file.riffSize == file.fileSize - 8)
    #expect(file.sound.frameCount >= 24_000)
    let steady = file.sound.frames(480..<24_000)
    #expect(abs(Tone(steady.left).peakFrequency(in: 150...250) - 195) <= 1)
    #expect(abs(Tone(steady.right).peakFrequency(in: 150...250) - 205) <= 1)
    // Closing while playing ends with a 5 ms fade, not a click.
    #expect(Tone(file.sound.frames(file.sound.frameCount - 24..<file.sound.frameCount).left).peak < 0.05)
  }

  @Test(
    "soxi reads the file as 48 kHz stereo 16-bit", .enabled(if: .executable("soxi", debianPackage: "sox")))
  func soxiAgrees() async throws {
    let path = temporaryPath("soxi.wav")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = try WAVFileOutput(path: path)
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    var samples = synthesizer.render(frames: 4_800)
    try samples.withUnsafeMutableBufferPointer { try output.write(UnsafeBufferPointer($0)) }
    try output.close()
    let soxi = try await ChildProcess.run(try #require(soxiPath), [path])
    #expect(soxi.status == 0)
    let report = soxi.output
    #expect(report.contains("Channels       : 2"))
    #expect(report.contains("Sample Rate    : 48000"))
    #expect(report.contains("Precision      : 16-bit"))
    #expect(report.contains("00:00:00.10 = 4800 samples"))
  }

  @Test("the header is brought up to date on pause, so the file is valid while still open")
  func headerUpdatedOnPause() throws {
    let path = temporaryPath("open.wav")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = try WAVFileOutput(path: path)
    let silence = [Float](repeating: 0, count: 960)
    try silence.withUnsafeBufferPointer { try output.write($0) }
    output.pause()
    let file = try WAVFile(path: path)
    #expect(file.dataSize == 1_920 && file.fileSize == 44 + 1_920)
    try output.close()
  }
}

/// Where `soxi` (Debian `sox`) is, if installed.
let soxiPath = ["/usr/bin/soxi", "/usr/local/bin/soxi"].first(where: FileManager.default.isExecutableFile)
