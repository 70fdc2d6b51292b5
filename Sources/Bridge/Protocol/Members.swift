import HubSupport

/// The members of one JSON object of a message, read with errors that name the message type and
/// the member.
struct Members: Sendable {
  /// The message type, first in every error.
  var type: String
  /// The members.
  var values: [String: JSONValue]
  /// What goes before a member's name in errors, such as `artwork[0].`.
  var prefix = ""

  /// Refuses members other than `allowed` (and `type`, `id` at the top level).
  func allow(_ allowed: Set<String>) throws(ProtocolError) {
    let known = prefix.isEmpty ? allowed.union(["type", "id"]) : allowed
    if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
      throw ProtocolError(
        .unknownField, "\(type): \(prefix)\(unknown.prefix(64)) is not a member of this message in version 1")
    }
  }

  /// The error for a required member that is missing.
  func missing(_ name: String) -> ProtocolError {
    ProtocolError(.missingField, "\(type): \(prefix)\(name) is missing")
  }

  /// `value`, or the error for the missing member `name`.
  func required<Value>(_ value: Value?, _ name: String) throws(ProtocolError) -> Value {
    guard let value else { throw missing(name) }
    return value
  }

  /// A string member whose length in characters is in `length`; `nil` when absent or `null`.
  func string(_ name: String, length: ClosedRange<Int>) throws(ProtocolError) -> String? {
    switch values[name] {
    case nil, .null: return nil
    case .string(let text):
      guard length.contains(text.count) else {
        let bound =
          length.upperBound == Int.max
          ? "at least \(length.lowerBound)" : "\(length.lowerBound)–\(length.upperBound)"
        throw ProtocolError(
          .invalidField, "\(type): \(prefix)\(name) has \(text.count) characters; it must have \(bound)")
      }
      return text
    case .some(let other):
      throw ProtocolError(.invalidField, "\(type): \(prefix)\(name) is \(other.kind), not a string")
    }
  }

  /// An integer member; `nil` when absent or `null`.
  func integer(_ name: String) throws(ProtocolError) -> Int? {
    switch values[name] {
    case nil, .null: return nil
    case .some(let value):
      guard let number = value.doubleValue, number.rounded() == number, abs(number) < 1e15 else {
        throw ProtocolError(.invalidField, "\(type): \(prefix)\(name) is \(value.kind), not an integer")
      }
      return Int(number)
    }
  }

  /// The `player` member: 1–64 characters of `[A-Za-z0-9_.-]`.
  func player() throws(ProtocolError) -> String {
    let player = try required(string("player", length: 1...64), "player")
    guard player.unicodeScalars.allSatisfy({ Self.isNameCharacter($0) || $0 == "." }) else {
      throw ProtocolError(
        .invalidField, "\(type): player \"\(player)\" may hold only letters, digits, \"_\", \"-\" and \".\"")
    }
    return player
  }

  /// The `appId` member: dot-separated bus-name elements of `[A-Za-z0-9_-]`, none starting with
  /// a digit, 1–100 characters, and none of the form `instance<digits>`.
  func appID() throws(ProtocolError) -> String {
    let appID = try required(string("appId", length: 1...100), "appId")
    for element in appID.split(separator: ".", omittingEmptySubsequences: false) {
      guard let first = element.unicodeScalars.first,
        !("0"..."9").contains(first), element.unicodeScalars.allSatisfy(Self.isNameCharacter)
      else {
        throw ProtocolError(
          .invalidField,
          "\(type): appId \"\(appID)\" is not dot-separated elements of letters, digits, \"_\" and \"-\", "
            + "each not empty and not starting with a digit")
      }
      if element.hasPrefix("instance"), element.dropFirst("instance".count).allSatisfy(\.isNumber) {
        throw ProtocolError(
          .reservedAppID,
          "\(type): appId \"\(appID)\" has an element \"\(element)\", which is kept for instance names")
      }
    }
    let lowered = appID.lowercased()
    for reserved in ["remotectld", "playerctld"]
    where lowered == reserved || lowered.hasPrefix(reserved + ".") {
      throw ProtocolError(.reservedAppID, "\(type): appId \"\(appID)\" is kept for the hub \(reserved)")
    }
    return appID
  }

  private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || scalar == "_" || scalar == "-"
  }
}
