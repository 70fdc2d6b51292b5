import BusTestSupport
import Foundation
import Testing

@testable import remotectl

/// The Python that has segno: `SEGNO_PYTHON` when given, else the Makefile's test venv once
/// its requirements (written by scripts/browser-venv.sh) name segno.
private let segnoPython: String? = {
  if let given = ProcessInfo.processInfo.environment["SEGNO_PYTHON"] { return given }
  let venv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build-browser/venv")
  let requirements =
    (try? String(contentsOf: venv.appendingPathComponent(".requirements"), encoding: .utf8)) ?? ""
  let python = venv.appendingPathComponent("bin/python").path
  return requirements.contains("segno") && FileManager.default.isExecutableFile(atPath: python) ? python : nil
}()

/// segno's matrix for `text` at level M in byte mode, with `version` and `mask` when given:
/// its version, mask and rows of 0/1.
private func segnoMatrix(_ text: String, version: Int?, mask: Int?) async throws -> (Int, Int, [[Bool]]) {
  let python = try #require(segnoPython)
  let result = try await ChildProcess.run(
    python,
    [
      PythonProgram.path("segno_matrix.py"), text, version.map(String.init) ?? "",
      mask.map(String.init) ?? "",
    ])
  guard result.status == 0 else { throw TestFailure("segno failed: \(result.error)") }
  let lines = result.output.split(separator: "\n")
  let header = lines[0].split(separator: " ").compactMap { Int($0) }
  return (header[0], header[1], lines.dropFirst().map { $0.map { $0 == "1" } })
}

/// segno pads differently from ISO/IEC 18004 §7.4.10: when the bit stream already ends on a
/// codeword boundary after the terminator (as byte mode always does), it adds a whole zero
/// codeword before the pad codewords, where the standard (and this encoder) adds none. The two
/// symbols decode alike; to compare matrices bit for bit, the texts fill each version exactly,
/// so that neither pads at all.
@Suite(
  "QR codes against segno",
  .enabled(if: .part("segno in the browser venv", from: .browserVenv, isPresent: segnoPython != nil)))
struct QRCodeTests {
  /// A pairing URL cut or stretched to the most bytes `version` holds at level M.
  static func fullText(version: Int) -> String {
    let capacity = QRCode.dataCapacity(version: version) * 8 - 4 - (version < 10 ? 8 : 16)
    let count = capacity / 8
    let url = "http://192.168.1.20:7600/#pair=7KQ4-MZ2D"
    return count > url.count
      ? url + String(repeating: "x", count: count - url.count) : String(url.prefix(count))
  }

  @Test(arguments: 1...10)
  func everyMaskOfEveryVersionIsTheMatrixSegnoDraws(version: Int) async throws {
    let text = Self.fullText(version: version)
    for mask in 0...7 {
      let ours = try QRCode(text, version: version, mask: mask)
      let (theirVersion, theirMask, theirs) = try await segnoMatrix(text, version: version, mask: mask)
      #expect(theirVersion == version && theirMask == mask)
      let differing = zip(ours.modules, theirs).map { zip($0, $1).filter { $0 != $1 }.count }.reduce(0, +)
      #expect(differing == 0, "version \(version), mask \(mask): \(differing) modules differ")
    }
  }
}

@Suite("QR codes")
struct QRCodeLimitTests {
  @Test func textTooLongForVersion10IsRefusedWithTheLimit() throws {
    #expect(throws: QRCode.EncodingError.self) { try QRCode(String(repeating: "x", count: 214)) }
    #expect(try QRCode(String(repeating: "x", count: 213)).version == 10)
  }

  @Test func theMaskChosenHasTheLeastPenalty() throws {
    let text = "http://192.168.1.20:7600/#pair=7KQ4-MZ2D"
    let chosen = try QRCode(text)
    for mask in 0...7 {
      var symbol = QRCode.Symbol(version: chosen.version)
      symbol.modules = try QRCode(text, version: chosen.version, mask: mask).modules
      var best = QRCode.Symbol(version: chosen.version)
      best.modules = chosen.modules
      #expect(best.penalty() <= symbol.penalty())
    }
  }

  @Test func theTerminalDrawingHasTwoModuleRowsPerLineAndAQuietZone() throws {
    let code = try QRCode("hello")
    let lines = code.terminalText(colors: false).split(separator: "\n")
    #expect(lines.count == (code.size + 8 + 1) / 2)
    #expect(lines.allSatisfy { $0.count == code.size + 8 })
    #expect(lines[0].allSatisfy { $0 == "█" })
  }
}
