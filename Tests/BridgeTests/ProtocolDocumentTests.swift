import Foundation
import HubSupport
import RemoteControl
import Testing

@testable import Bridge

/// The protocol document, docs/bridge-protocol.md, read as a client's author reads it: every
/// JSON example a client sends is one the hub accepts, every example the hub sends is exactly
/// what the hub sends for the same content, the complete exchange of §5 goes as shown, and the
/// table of error codes is the hub's. A change to the protocol that the document does not follow
/// (or a document edited into a shape the hub does not speak) fails here.
@Suite("The bridge's protocol document, against the hub")
struct ProtocolDocumentTests {
  /// The document's text.
  static let document: String = {
    let path = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/bridge-protocol.md")
    return (try? String(contentsOf: path, encoding: .utf8)) ?? ""
  }()

  /// The messages a client sends.
  static let clientTypes: Set<String> = [
    "hello", "register", "unregister", "metadata", "actions", "positionState", "playbackState", "ping",
  ]

  let parser = MessageParser(limits: BridgeLimits())

  /// The text of each fenced block whose language is `language`.
  static func blocks(_ language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if let lines = current {
        if line == "```" {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          current = lines + [line]
        }
      } else if line == "```\(language)" {
        current = []
      }
    }
    return blocks
  }

  /// Each JSON example, parsed, with its text.
  static func examples() throws -> [(text: String, members: [String: JSONValue])] {
    try blocks("json").map { text in
      guard let members = try JSONValue.parse(text).objectValue else {
        throw ExampleError("not a JSON object: \(text)")
      }
      return (text, members)
    }
  }

  /// §5's exchange: each `→` (to the hub) and `←` (from it) line's JSON, with the document's
  /// `{…}` (an object left out) read as `{}`.
  static func exchange() throws -> [(toHub: Bool, members: [String: JSONValue])] {
    let block = try #require(blocks("text").first { $0.contains("→ {\"type\":\"hello\"") })
    return try block.split(separator: "\n").compactMap { line in
      let toHub = line.hasPrefix("→ ")
      guard toHub || line.hasPrefix("← ") else { return nil }
      let text = line.dropFirst(2).replacingOccurrences(of: "{…}", with: "{}")
      guard let members = try JSONValue.parse(text).objectValue else {
        throw ExampleError("not a JSON object: \(line)")
      }
      return (toHub, members)
    }
  }

  /// The message the hub sends with the content of `example` (a hub message of the document).
  static func hubMessage(_ example: [String: JSONValue]) throws -> HubMessage {
    func string(_ name: String) throws -> String {
      guard case .string(let value)? = example[name] else {
        throw ExampleError("no string \(name): \(example)")
      }
      return value
    }
    let id = example["id"]
    switch try string("type") {
    case "welcome":
      guard let interval = example["heartbeat"]?["interval"]?.doubleValue else {
        throw ExampleError("welcome without heartbeat.interval")
      }
      return .welcome(
        id: id, limits: BridgeLimits(), heartbeatInterval: .milliseconds(Int64(interval * 1000)))
    case "registered":
      return .registered(id: id, player: try string("player"), busName: try string("busName"))
    case "unregistered": return .unregistered(id: id, player: try string("player"))
    case "pong": return .pong(id: id)
    case "ok": return .ok(id: try #require(id))
    case "action":
      let details = example["details"]
      guard let name = details?["action"]?.stringValue, let action = MediaSessionAction(rawValue: name)
      else { throw ExampleError("action without details.action: \(example)") }
      func number(_ name: String) -> Double? { details?[name]?.doubleValue }
      let fastSeek = details?["fastSeek"]?.boolValue
      return .action(
        player: try string("player"), command: try string("command"),
        details: ActionDetails(
          action: action, seekOffset: number("seekOffset"), seekTime: number("seekTime"), fastSeek: fastSeek))
    case "error":
      let code = try #require(ProtocolError.Code(rawValue: try string("code")), "a code of the hub's")
      var player: String?
      if case .string(let value)? = example["player"] { player = value }
      return .error(ProtocolError(code, try string("message")), id: id, player: player)
    case let type: throw ExampleError("not a message the hub sends: \(type)")
    }
  }

  /// Whether `example` says what `sent` says: every member the same, an empty object `{}`
  /// (the document's `{…}`) standing for any object.
  static func matches(_ example: JSONValue, _ sent: JSONValue) -> Bool {
    switch (example, sent) {
    case (.object(let shown), .object(let actual)):
      if shown.isEmpty { return true }
      return shown.map(\.0).sorted() == actual.map(\.0).sorted()
        && shown.allSatisfy { key, value in sent[key].map { matches(value, $0) } ?? false }
    default: return example == sent
    }
  }

  @Test func `the document has examples of every message, both ways`() throws {
    let types = Set(
      try Self.examples().compactMap { example -> String? in
        if case .string(let type)? = example.members["type"] { type } else { nil }
      })
    #expect(
      types
        == Self.clientTypes.union(["welcome", "registered", "unregistered", "action", "pong", "ok", "error"]))
  }

  @Test func `every client message the document shows is accepted by the hub's parser, its id echoed`() throws
  {
    let clientExamples = try Self.examples().filter {
      if case .string(let type)? = $0.members["type"] { Self.clientTypes.contains(type) } else { false }
    }
    #expect(clientExamples.count >= 8)
    for example in clientExamples {
      let parsed = parser.parse(example.text)
      if case .failure(let error) = parsed.result {
        Issue.record("refused: \(example.text): \(error.code.rawValue): \(error.message)")
      }
      #expect(parsed.id == example.members["id"], "\(example.text)")
    }
  }

  @Test func `every hub message the document shows is exactly what the hub sends for it`() throws {
    let hubExamples = try Self.examples().filter {
      if case .string(let type)? = $0.members["type"] { !Self.clientTypes.contains(type) } else { false }
    }
    #expect(hubExamples.count >= 7)
    for example in hubExamples {
      let sent = try JSONValue.parse(try Self.hubMessage(example.members).text)
      #expect(
        sent == .object(example.members), "the document shows \(example.text); the hub sends \(sent.text)")
    }
  }

  @Test func `the complete exchange goes as shown: accepted, refused with the error shown, answered so`()
    throws
  {
    let lines = try Self.exchange()
    #expect(lines.count >= 10)
    for (index, line) in lines.enumerated() {
      if line.toHub {
        let parsed = parser.parse(JSONValue.object(line.members).text)
        // A refusal is shown as the error line right after the message.
        let next = index + 1 < lines.count ? lines[index + 1] : nil
        if let next, !next.toHub, case .string("error")? = next.members["type"] {
          guard case .failure(let error) = parsed.result else {
            Issue.record("accepted, where the document shows an error: \(line.members)")
            continue
          }
          #expect(.string(error.code.rawValue) == next.members["code"])
          #expect(.string(error.message) == next.members["message"])
        } else if case .failure(let error) = parsed.result {
          Issue.record("refused: \(line.members): \(error.code.rawValue): \(error.message)")
        }
      } else {
        let sent = try JSONValue.parse(try Self.hubMessage(line.members).text)
        #expect(
          Self.matches(.object(line.members), sent),
          "the document shows \(line.members); the hub sends \(sent.text)")
      }
    }
  }

  @Test func `the table of error codes is the hub's, the fatal ones marked so`() throws {
    let table = Self.document.split(separator: "\n").drop { $0 != "| code | fatal | when |" }.dropFirst(2)
      .prefix { $0.hasPrefix("| `") }
    let rows = table.map { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      return (
        code: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), fatal: cells[1] == "yes"
      )
    }
    #expect(Set(rows.map(\.code)) == Set(ProtocolError.Code.allCases.map(\.rawValue)))
    for row in rows {
      #expect(ProtocolError.Code(rawValue: row.code)?.isFatal == row.fatal, "\(row.code)")
    }
  }
}

/// An example of the document that cannot be read as one.
struct ExampleError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
