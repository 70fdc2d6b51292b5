internal import Glibc

extension Doctor {
  /// KDE Connect's "Pause media during calls" (its pausemusic plugin), per paired device, as
  /// kdeconnectd reads it: the devices are the groups of `kdeconnect/trusted_devices` (each with
  /// its `name`), the plugin is on unless `kdeconnect/ID/config` says
  /// `kdeconnect_pausemusicEnabled=false` under `[Plugins]`, and it pauses (and resumes after) unless
  /// `kdeconnect/ID/kdeconnect_pausemusic/config` says `actionPause=false`. While a call rings on
  /// the phone it pauses every playing player, as the hub's call rule does for a call here: one
  /// pauses what the other already paused, and only the one that paused a player resumes it.
  ///
  /// - Parameter configHome: `$XDG_CONFIG_HOME`, else `~/.config`.
  /// - Returns: The finding naming the devices and the setting, or `nil` when no paired device
  ///   has it on (or KDE Connect was never set up).
  static func kdeConnectPauseMusic(configHome: String) -> Finding? {
    let base = configHome + "/kdeconnect"
    guard let trusted = IniFile(path: base + "/trusted_devices") else { return nil }
    var pausing: [(name: String, id: String)] = []
    for id in trusted.groups where !id.isEmpty && !id.contains("/") && id != "General" {
      let device = IniFile(path: base + "/\(id)/config")
      let enabled = device?.value("kdeconnect_pausemusicEnabled", in: "Plugins").map(IniFile.isTrue) ?? true
      let plugin = IniFile(path: base + "/\(id)/kdeconnect_pausemusic/config")
      let pauses = plugin?.value("actionPause", in: "General").map(IniFile.isTrue) ?? true
      if enabled && pauses { pausing.append((trusted.value("name", in: id) ?? id, id)) }
    }
    guard !pausing.isEmpty else { return nil }
    let names = pausing.map(\.name).joined(separator: ", ")
    return Finding(
      kind: .problem,
      text: "KDE Connect pauses every playing player while a call rings on \(names) (its \"Pause media "
        + "during calls\" plugin: kdeconnect_pausemusicEnabled in "
        + pausing.map { "\(base)/\($0.id)/config" }.joined(separator: ", ")
        + "), beside the hub's own call rule: each pauses what the other paused, and only the one that "
        + "paused a player resumes it",
      fix: "keep one: in KDE Connect's settings for \(names) turn off \"Pause media during calls\" (or "
        + "kdeconnect_pausemusicEnabled=false under [Plugins]), or give remotectld "
        + "--interrupt-on-calls no")
  }

  /// `$XDG_CONFIG_HOME`, else `$HOME/.config`; `nil` when neither is set.
  static var configHome: String? {
    if let value = getenv("XDG_CONFIG_HOME"), value.pointee != 0 { return String(cString: value) }
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) + "/.config" }
    return nil
  }
}

/// A QSettings INI file as KDE Connect writes them: `[Group]` lines and `key=value` lines; keys
/// before any group are in `General`.
struct IniFile: Sendable {
  /// The groups, in order.
  private(set) var groups: [String] = []
  private var values: [String: [String: String]] = [:]

  /// The file at `path`, or `nil` when it cannot be read (the first 256 KiB).
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 256 * 1024)
    var total = 0
    while total < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let start = buffer.baseAddress else { return -1 }
        return read(descriptor, start + total, buffer.count - total)
      }
      guard count > 0 else { break }
      total += count
    }
    var group = "General"
    for line in String(decoding: bytes.prefix(total), as: UTF8.self).split(separator: "\n") {
      let text = line.trimmingWhitespace
      if text.hasPrefix("["), text.hasSuffix("]") {
        group = String(text.dropFirst().dropLast())
        if !groups.contains(group) { groups.append(group) }
      } else if let equals = text.firstIndex(of: "=") {
        values[group, default: [:]][String(text[..<equals]).trimmingWhitespace] =
          String(text[text.index(after: equals)...]).trimmingWhitespace
      }
    }
  }

  /// The value of `key` in `group`.
  func value(_ key: String, in group: String) -> String? { values[group]?[key] }

  /// Whether a QSettings boolean reads true.
  static func isTrue(_ value: String) -> Bool { ["true", "1", "yes", "on"].contains(value.lowercased()) }
}

extension StringProtocol {
  /// The text without the spaces, tabs and carriage returns around it.
  fileprivate var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
