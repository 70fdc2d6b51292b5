import FoundationEssentials
import HubCore
import HubSupport

/// A desktop file (freedesktop.org's Desktop Entry Specification), as much of it as starting
/// an app needs: its `[Desktop Entry]` group's `Exec`, `DBusActivatable`, `Name` and `Icon`.
struct DesktopFile: Sendable, Hashable {
  /// The desktop file ID, without `.desktop` (`org.gnome.Rhythmbox3`).
  var id: String
  /// Where it was found.
  package var path: String
  /// `Exec`, unescaped as a string value (field codes and quoting are still there).
  var exec: String?
  /// `DBusActivatable=true`: the app is started through `org.freedesktop.Application` on the
  /// bus name `id`.
  var isDBusActivatable = false
  /// `Name`.
  package var name: String?
  /// `Icon`.
  var icon: String?

  // MARK: - Finding

  /// The folders searched for `applications/`, most important first: `$XDG_DATA_HOME` (by
  /// default `~/.local/share`), then each of `$XDG_DATA_DIRS` (by default
  /// `/usr/local/share:/usr/share`).
  static func dataFolders(environment: [String: String]) -> [String] {
    let home = BaseDirectory.data.path(in: environment)
    let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    return [home] + dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
  }

  /// The desktop file whose ID is `id` (`<id>.desktop`, or, as the specification's IDs allow,
  /// one in a subfolder: `a/b-c.desktop` for `a-b-c`), the first found in
  /// ``dataFolders(environment:)``; `nil` when none is there.
  ///
  /// - Throws: ``HubError`` when the file found cannot be read.
  static func find(id: String, environment: [String: String]) throws(HubError) -> DesktopFile? {
    let relative = relativePaths(of: id)
    for folder in dataFolders(environment: environment) {
      for name in relative {
        let path = folder + "/applications/" + name
        guard FileManager.default.fileExists(atPath: path) else { continue }
        let text: String
        do {
          text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
          throw HubError("cannot read \(path): \(errorDescription(error))")
        }
        return parse(text, id: id, path: path)
      }
    }
    return nil
  }

  /// The paths under `applications/` a file with the ID `id` may have: an ID joins a subfolder's
  /// name to the file's with a dash, so each dash may stand for a `/`. The ID as it is comes
  /// first; an ID with more than 7 dashes is looked for only as it is.
  static func relativePaths(of id: String) -> [String] {
    let parts = id.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count > 1, parts.count <= 8 else { return [id + ".desktop"] }
    return (0..<(1 << (parts.count - 1))).map { slashes in
      var path = String(parts[0])
      for index in 1..<parts.count {
        path += (slashes & (1 << (index - 1)) != 0 ? "/" : "-") + parts[index]
      }
      return path + ".desktop"
    }
  }

  // MARK: - Reading

  /// The `[Desktop Entry]` group of `text`.
  package static func parse(_ text: String, id: String, path: String) -> DesktopFile {
    var file = DesktopFile(id: id, path: path)
    var inMainGroup = false
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = String(rawLine).trimmingSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        inMainGroup = line == "[Desktop Entry]"
        continue
      }
      guard inMainGroup, let equals = line.firstIndex(of: "=") else { continue }
      let key = String(line[..<equals]).trimmingSpaces()
      let value = unescape(String(line[line.index(after: equals)...]).trimmingSpaces())
      switch key {
      case "Exec": file.exec = value
      case "DBusActivatable": file.isDBusActivatable = value == "true"
      case "Name": file.name = value
      case "Icon": file.icon = value
      default: break
      }
    }
    return file
  }

  /// A string value's escapes undone: `\s`, `\n`, `\t`, `\r`, `\\`; other backslashes stay (the
  /// `Exec` quoting rules read them next).
  static func unescape(_ value: String) -> String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "s": result.append(" ")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "\\": result.append("\\")
        default: result += "\\" + String(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
  }

  // MARK: - The command line

  /// `Exec` as the program and its arguments to start with no files, as `gio launch` does: split
  /// by the specification's quoting rules (no shell), `%f %F %u %U` and the deprecated codes
  /// removed, `%i` made `--icon ICON`, `%c` the name, `%k` the file's path, `%%` a `%`.
  ///
  /// - Throws: ``HubError`` when there is no `Exec`, or it is empty or badly quoted.
  func commandLine() throws(HubError) -> [String] {
    guard let exec, !exec.trimmingSpaces().isEmpty else {
      throw HubError("\(path) has no Exec line")
    }
    var arguments: [String] = []
    for (word, isQuoted) in try Self.split(exec, in: path) {
      if !isQuoted {
        switch word {
        case "%f", "%F", "%u", "%U", "%d", "%D", "%n", "%N", "%v", "%m": continue
        case "%i":
          if let icon, !icon.isEmpty { arguments += ["--icon", icon] }
          continue
        default: break
        }
      }
      arguments.append(expand(word))
    }
    guard !arguments.isEmpty else { throw HubError("\(path): Exec names no program") }
    return arguments
  }

  /// The field codes inside one argument expanded (the file and URL ones to nothing).
  private func expand(_ word: String) -> String {
    var result = ""
    var iterator = word.makeIterator()
    while let character = iterator.next() {
      guard character == "%" else {
        result.append(character)
        continue
      }
      switch iterator.next() {
      case "%": result.append("%")
      case "c": result += name ?? ""
      case "k": result += path
      case "i": result += icon ?? ""
      default: break
      }
    }
    return result
  }

  /// `exec` split into words: spaces separate them, a double-quoted word keeps its spaces and
  /// takes `\"`, `` \` ``, `\$` and `\\` as the character escaped.
  private static func split(_ exec: String, in path: String) throws(HubError) -> [(String, Bool)] {
    var words: [(String, Bool)] = []
    var current = ""
    var hasWord = false
    var isQuoted = false
    var inQuotes = false
    var escaping = false
    for character in exec {
      if inQuotes {
        if escaping {
          current.append(character)
          escaping = false
        } else if character == "\\" {
          escaping = true
        } else if character == "\"" {
          inQuotes = false
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        inQuotes = true
        isQuoted = true
        hasWord = true
      } else if character == " " || character == "\t" {
        if hasWord { words.append((current, isQuoted)) }
        current = ""
        hasWord = false
        isQuoted = false
      } else {
        current.append(character)
        hasWord = true
      }
    }
    guard !inQuotes else { throw HubError("\(path): Exec has an unclosed quote: \(exec)") }
    if hasWord { words.append((current, isQuoted)) }
    return words
  }
}
