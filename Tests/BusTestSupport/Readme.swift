package import Foundation

/// The package's README.md as the tests that hold it to the truth read it: its code blocks, found
/// by the HTML comment (`<!-- … -->`, invisible when rendered) written on the line before each.
///
/// Other sections of the README may change at any time: a test finds only the blocks it names
/// by marker, never by position, so their edits do not move what it runs.
package enum Readme {
  /// The package's root folder.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md's text.
  package static func text() throws -> String {
    try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The first code block (fenced with ```` ``` ````, in any language) that starts on the line
  /// after `marker`, without its fences, ending in a newline; `nil` when `marker` is not there or
  /// no block follows it at once.
  package static func codeBlock(after marker: String, in text: String) -> String? {
    guard let start = text.range(of: marker)?.upperBound else { return nil }
    let rest = text[start...].drop { $0 == " " || $0 == "\t" }.dropFirst(1)
    guard rest.hasPrefix("```"), let fenceEnd = rest.firstIndex(of: "\n") else { return nil }
    let body = rest[rest.index(after: fenceEnd)...]
    if body.hasPrefix("```") { return "" }
    guard let close = body.range(of: "\n```") else { return nil }
    return String(body[..<close.lowerBound]) + "\n"
  }

  /// The first Swift code block anywhere after `heading` (prose may stand between them), without
  /// its fences, ending in a newline; `nil` when there is none. For articles, whose headings say
  /// where an example stands.
  package static func firstSwiftBlock(after heading: String, in text: String) -> String? {
    guard let start = text.range(of: heading)?.upperBound,
      let open = text.range(of: "```swift\n", range: start..<text.endIndex),
      let close = text.range(of: "\n```", range: open.upperBound..<text.endIndex)
    else { return nil }
    return String(text[open.upperBound..<close.lowerBound]) + "\n"
  }

  /// Every code block marked `<!-- \(kind) -->`, in order: for instance `readme-test: run`.
  package static func codeBlocks(marked kind: String, in text: String) -> [String] {
    let marker = "<!-- \(kind) -->"
    var blocks: [String] = []
    var remaining = text[...]
    while let found = remaining.range(of: marker) {
      if let block = codeBlock(after: marker, in: String(remaining[found.lowerBound...])) {
        blocks.append(block)
      }
      remaining = remaining[found.upperBound...]
    }
    return blocks
  }

  /// The shell commands of a `sh` block: one per line, comments (` # …`) and blank lines dropped,
  /// a line ending in `\` joined with the next.
  package static func commands(in block: String) -> [String] {
    var commands: [String] = []
    var pending = ""
    for raw in block.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(raw)
      if let comment = line.range(of: " #") ?? (line.hasPrefix("#") ? line.range(of: "#") : nil) {
        line = String(line[..<comment.lowerBound])
      }
      line = line.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix("\\") {
        pending += line.dropLast() + " "
        continue
      }
      let command = (pending + line).trimmingCharacters(in: .whitespaces)
      pending = ""
      if !command.isEmpty { commands.append(command) }
    }
    return commands
  }
}
