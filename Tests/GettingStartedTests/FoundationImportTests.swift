import BusTestSupport
import Foundation
import Testing

/// The README's promise that the libraries and the executables link FoundationEssentials only, so
/// that ICU's data (about 38 MB) stays out of a user's executable and ours: no source file imports
/// full Foundation (or FoundationNetworking, FoundationInternationalization, FoundationXML), and
/// the built executables do not load it.
@Suite("Getting started: FoundationEssentials only")
struct FoundationImportTests {
  /// Folders whose files may import full Foundation, with the reason.
  static let allowed: [String: String] = [
    "Sources/RemoteControlMPRISTesting/":
      "a test-support product, never linked into an executable: it starts dbus-daemon with Foundation's Process"
  ]

  /// The modules that bring ICU (or libcurl) with them.
  static let heavyModules: Set<String> = [
    "Foundation", "FoundationNetworking", "FoundationInternationalization", "FoundationXML",
  ]

  /// The `import` lines of `text` that name a heavy module outside the `#else` of an
  /// `#if canImport(FoundationEssentials)` (the branch only platforms without it compile).
  static func heavyImports(in text: String) -> [String] {
    var found: [String] = []
    // For each open `#if`: whether the lines now read are the fallback for a platform without
    // FoundationEssentials.
    var fallback: [Bool] = []
    var opensWithEssentials: [Bool] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("#if") {
        opensWithEssentials.append(trimmed.contains("canImport(FoundationEssentials)"))
        fallback.append(false)
      } else if trimmed.hasPrefix("#else") || trimmed.hasPrefix("#elseif") {
        if let last = opensWithEssentials.last { fallback[fallback.count - 1] = last }
      } else if trimmed.hasPrefix("#endif") {
        _ = opensWithEssentials.popLast()
        _ = fallback.popLast()
      } else if !fallback.contains(true) {
        let words = trimmed.prefix { $0 != "/" }.split(separator: " ")
        guard let importIndex = words.firstIndex(of: "import") else { continue }
        // `import Foundation`, `public import Foundation`, `import struct Foundation.Data`…
        let kinds: Set<Substring> = [
          "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
        ]
        guard let path = words[(importIndex + 1)...].first(where: { !kinds.contains($0) }) else { continue }
        let module = path.split(separator: ".").first.map(String.init) ?? ""
        if heavyModules.contains(module) { found.append(String(trimmed)) }
      }
    }
    return found
  }

  @Test("No source file in Sources or Examples imports full Foundation (outside the allow-list)")
  func noSourceImportsFullFoundation() throws {
    let root = PodcastsExampleTests.root
    var offenders: [String] = []
    var count = 0
    for folder in ["Sources", "Examples"] {
      let base = root.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(atPath: base.path) else {
        Issue.record("cannot list \(base.path)")
        continue
      }
      for case let relative as String in files where relative.hasSuffix(".swift") {
        let path = "\(folder)/\(relative)"
        if Self.allowed.keys.contains(where: { path.hasPrefix($0) }) { continue }
        count += 1
        let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
        offenders += Self.heavyImports(in: text).map { "\(path): \($0)" }
      }
    }
    #expect(count > 100, "the walk found the sources")
    #expect(
      offenders.isEmpty,
      "import FoundationEssentials (or Glibc) instead; full Foundation links ICU's data:\n\(offenders.joined(separator: "\n"))"
    )
  }

  @Test("The check finds a plain import and passes the fallback of canImport(FoundationEssentials)")
  func theCheckCanFail() {
    #expect(Self.heavyImports(in: "import Foundation\n") == ["import Foundation"])
    #expect(Self.heavyImports(in: "package import FoundationNetworking\n").count == 1)
    #expect(Self.heavyImports(in: "import struct Foundation.Data\n").count == 1)
    #expect(Self.heavyImports(in: "import FoundationEssentials\nimport Glibc\n").isEmpty)
    let fallback = """
      #if canImport(FoundationEssentials)
        import FoundationEssentials
      #else
        import Foundation
      #endif
      """
    #expect(Self.heavyImports(in: fallback).isEmpty)
    #expect(Self.heavyImports(in: "#if os(Linux)\n#else\nimport Foundation\n#endif\n").count == 1)
  }

  @Test(
    "The built executables load no full Foundation, ICU or libcurl",
    arguments: ["remotectl", "remotectld", "binaural", "podcasts"])
  func executablesLoadNoFullFoundation(name: String) throws {
    let executable = try #require(Self.builtProduct(name), "\(name) is built beside the tests")
    let needed = try Self.neededLibraries(of: executable)
    #expect(needed.contains { $0.hasPrefix("libFoundationEssentials") || $0.hasPrefix("libswiftCore") })
    let heavy = needed.filter {
      $0.hasPrefix("libFoundation.") || $0.hasPrefix("libFoundationNetworking")
        || $0.hasPrefix("libFoundationInternationalization") || $0.hasPrefix("lib_FoundationICU")
        || $0.hasPrefix("libcurl")
    }
    // An incremental debug build can keep an object file compiled while its module still imported
    // Foundation (each file links every module its module imports): if the sources pass the check
    // above, rebuild the module named by `readelf -p .swift1_autolink_entries` on its objects.
    #expect(heavy.isEmpty, "\(name) loads \(heavy)")
  }

  /// The product `name` in the build folder the tests run from, when it was built.
  static func builtProduct(_ name: String) -> String? {
    let path = BuiltProducts.path(of: name)
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// The shared libraries `executable` names (its `DT_NEEDED` entries), read by binutils' readelf.
  static func neededLibraries(of executable: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
    process.arguments = ["--dynamic", "--wide", executable]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "readelf \(executable)")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
        let close = line.lastIndex(of: "]")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
  }
}
