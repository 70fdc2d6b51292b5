import Foundation

/// The signals a python3-dbus client received from the player, in order.
struct SignalMonitor: Sendable {
  let process: ChildProcess

  /// Waits for the next signal that satisfies `predicate`; earlier ones are skipped.
  func next(
    within timeout: Duration = .seconds(10), where predicate: @escaping @Sendable (SignalRecord) -> Bool = { _ in true }
  ) async throws -> SignalRecord {
    let line = try await process.line(within: timeout) { line in
      guard let record = SignalRecord(line) else { return false }
      return predicate(record)
    }
    guard let record = SignalRecord(line) else { throw ChildProcess.Failure(description: "unreadable: \(line)") }
    return record
  }

  /// Every signal received up to and including the first that satisfies `marker`: the way to
  /// check that something was *not* sent before a change made on purpose afterwards.
  func signals(until marker: @escaping @Sendable (SignalRecord) -> Bool, within timeout: Duration = .seconds(10))
    async throws -> [SignalRecord]
  {
    var records: [SignalRecord] = []
    while true {
      let record = try await next(within: timeout)
      records.append(record)
      if marker(record) { return records }
    }
  }

  func stop() async {
    process.kill()
    _ = try? await process.waitForExit(within: .seconds(5))
  }
}

/// One signal as the monitor printed it.
struct SignalRecord: Sendable, Decodable, CustomStringConvertible {
  /// `PropertiesChanged` or `Seeked`.
  var signal: String
  /// The interface whose properties changed (PropertiesChanged).
  var interface: String?
  /// The changed properties with their types and values (PropertiesChanged).
  var changed: [String: TypedValue]?
  /// The invalidated properties (PropertiesChanged).
  var invalidated: [String]?
  /// The new position (Seeked).
  var position: TypedValue?

  init?(_ line: String) {
    guard let record = try? JSONDecoder().decode(SignalRecord.self, from: Data(line.utf8)) else { return nil }
    self = record
  }

  var isPlayerChange: Bool { signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2.Player" }
  var isRootChange: Bool { signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2" }
  var isSeeked: Bool { signal == "Seeked" }

  /// The names of the changed properties, sorted.
  var changedNames: [String] { (changed ?? [:]).keys.sorted() }

  var description: String {
    if isSeeked { return "Seeked(\(position.map { "\($0)" } ?? "?"))" }
    return "PropertiesChanged(\(interface ?? "?"), \(changedNames), invalidated: \(invalidated ?? []))"
  }
}

/// A D-Bus value with its type code, as python3-dbus received it.
struct TypedValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  /// The D-Bus signature, such as `x` or `as`.
  var type: String
  /// The value.
  var value: JSONValue

  var description: String { "\(value) as \(type)" }
}

/// A JSON value.
enum JSONValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: TypedValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: TypedValue].self))
    }
  }

  var string: String? { if case .string(let value) = self { value } else { nil } }
  var number: Double? { if case .number(let value) = self { value } else { nil } }
  var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  var strings: [String]? {
    if case .array(let values) = self { values.compactMap(\.string) } else { nil }
  }
  var object: [String: TypedValue]? { if case .object(let value) = self { value } else { nil } }

  var description: String {
    switch self {
    case .bool(let value): "\(value)"
    case .number(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .array(let values): "\(values)"
    case .object(let value): "\(value)"
    }
  }
}
