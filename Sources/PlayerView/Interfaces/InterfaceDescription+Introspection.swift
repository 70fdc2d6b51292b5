package import DBus

extension InterfaceDescription {
  /// The interfaces described by D-Bus introspection data (`Introspect`'s XML), in order.
  ///
  /// Only what the proxy needs is read: interfaces, their methods and signals with their
  /// arguments, their properties with type, access and the `EmitsChangedSignal` annotation.
  /// Malformed parts are skipped: a member with a bad name or signature is left out, so a
  /// player's nonsense cannot stop the rest of the interface from being forwarded. Interfaces of
  /// child nodes described inline are not the object's own and are skipped too.
  package static func parse(introspection xml: String) -> [InterfaceDescription] {
    var interfaces: [InterfaceDescription] = []
    var depth = 0
    var current: InterfaceDescription?
    var interfaceChange = Interface.Property.ChangeBehavior.emitsChange
    var member: (kind: String, name: String, attributes: [String: String])?
    var arguments: [[String: String]] = []
    var propertyChange: Interface.Property.ChangeBehavior?

    func finishMember() {
      guard let finished = member else { return }
      member = nil
      defer { arguments = [] }
      switch finished.kind {
      case "method":
        let inputs = arguments.filter { ($0["direction"] ?? "in") == "in" }
        let outputs = arguments.filter { $0["direction"] == "out" }
        guard let inSignature = signature(of: inputs), let outSignature = signature(of: outputs) else {
          return
        }
        current?.methods.append(
          Method(
            name: finished.name, inSignature: inSignature, outSignature: outSignature,
            inNames: names(of: inputs), outNames: names(of: outputs)))
      case "signal":
        guard let signalSignature = signature(of: arguments) else { return }
        current?.signals.append(
          Signal(name: finished.name, signature: signalSignature, argumentNames: names(of: arguments)))
      case "property":
        guard let type = finished.attributes["type"].flatMap(Signature.init(rawValue:)),
          type.isSingleCompleteType
        else { return }
        current?.properties.append(
          Property(
            name: finished.name, signature: type,
            isWritable: finished.attributes["access"]?.contains("write") == true,
            change: propertyChange ?? interfaceChange, fallback: Value.zero(of: type)))
        propertyChange = nil
      default:
        return
      }
    }

    for tag in tags(in: xml) {
      if tag.name == "node" {
        if tag.isClosing { depth -= 1 } else if !tag.isEmpty { depth += 1 }
        continue
      }
      guard depth <= 1 else { continue }
      switch (tag.name, tag.isClosing) {
      case ("interface", false):
        current = tag.attributes["name"].map { InterfaceDescription(name: $0) }
        interfaceChange = .emitsChange
        if tag.isEmpty, let done = current {
          interfaces.append(done)
          current = nil
        }
      case ("interface", true):
        finishMember()
        if let done = current { interfaces.append(done) }
        current = nil
      case ("method", false), ("signal", false), ("property", false):
        finishMember()
        guard current != nil, let name = tag.attributes["name"] else { continue }
        member = (tag.name, name, tag.attributes)
        if tag.isEmpty { finishMember() }
      case ("method", true), ("signal", true), ("property", true):
        finishMember()
      case ("arg", false):
        if member != nil { arguments.append(tag.attributes) }
      case ("annotation", false):
        guard tag.attributes["name"] == "org.freedesktop.DBus.Property.EmitsChangedSignal",
          let change = changeBehavior(tag.attributes["value"])
        else { continue }
        if member?.kind == "property" {
          propertyChange = change
        } else if member == nil {
          interfaceChange = change
        }
      default:
        continue
      }
    }
    return interfaces
  }

  /// The paths of the child objects `xml` lists (`<node name="RemoteControl"/>`) below `path`:
  /// one level, each named by a single valid path element.
  package static func children(introspection xml: String, of path: ObjectPath) -> [ObjectPath] {
    var children: [ObjectPath] = []
    var depth = 0
    for tag in tags(in: xml) where tag.name == "node" {
      if tag.isClosing {
        depth -= 1
        continue
      }
      if depth == 1, let name = tag.attributes["name"], !name.contains("/"),
        let child = ObjectPath(rawValue: "\(path.rawValue)/\(name)"), !children.contains(child)
      {
        children.append(child)
      }
      if !tag.isEmpty { depth += 1 }
    }
    return children
  }

  private static func signature(of arguments: [[String: String]]) -> Signature? {
    Signature(rawValue: arguments.map { $0["type"] ?? "" }.joined())
  }

  /// The argument names, or none unless every argument has one.
  private static func names(of arguments: [[String: String]]) -> [String] {
    let names = arguments.compactMap { $0["name"] }.filter { !$0.isEmpty }
    return names.count == arguments.count ? names : []
  }

  private static func changeBehavior(_ value: String?) -> Interface.Property.ChangeBehavior? {
    switch value {
    case "true": .emitsChange
    case "invalidates": .invalidates
    case "const": .const
    case "false": Interface.Property.ChangeBehavior.none
    default: nil
    }
  }

  /// One XML tag: its name, attributes, and whether it closes (`</a>`) or is empty (`<a/>`).
  private struct Tag {
    var name: String
    var attributes: [String: String]
    var isClosing: Bool
    var isEmpty: Bool
  }

  /// The element tags of `xml`, skipping comments, declarations and text.
  private static func tags(in xml: String) -> [Tag] {
    var tags: [Tag] = []
    var rest = Substring(xml)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      if rest.hasPrefix("!--") {
        guard let end = rest.firstRange(of: "-->") else { break }
        rest = rest[end.upperBound...]
        continue
      }
      guard let close = rest.firstIndex(of: ">") else { break }
      var body = rest[..<close]
      rest = rest[rest.index(after: close)...]
      if body.hasPrefix("?") || body.hasPrefix("!") { continue }
      let isClosing = body.hasPrefix("/")
      if isClosing { body = body.dropFirst() }
      let isEmpty = body.hasSuffix("/")
      if isEmpty { body = body.dropLast() }
      let name = body.prefix { !$0.isWhitespace }
      tags.append(
        Tag(
          name: String(name), attributes: attributes(in: body.dropFirst(name.count)), isClosing: isClosing,
          isEmpty: isEmpty))
    }
    return tags
  }

  /// `key="value"` and `key='value'` pairs, with XML's five entities decoded.
  private static func attributes(in text: Substring) -> [String: String] {
    var attributes: [String: String] = [:]
    var rest = text
    while let equals = rest.firstIndex(of: "=") {
      let key = rest[..<equals].split(whereSeparator: \.isWhitespace).last ?? ""
      rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
      rest = rest.dropFirst()
      guard let end = rest.firstIndex(of: quote) else { break }
      attributes[String(key)] = decodeEntities(rest[..<end])
      rest = rest[rest.index(after: end)...]
    }
    return attributes
  }

  private static func decodeEntities(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    return String(text).replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing(
      "&quot;", with: "\""
    )
    .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
  }
}
