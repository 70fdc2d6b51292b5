import FoundationEssentials
import HubCore
import HubSupport
import WebRemote

/// remotectld's configuration file: `$XDG_CONFIG_HOME/remotectld/remotectld.conf` (by default
/// `~/.config/remotectld/remotectld.conf`), one `key = value` a line, `#` starting a comment.
/// An option given on the command line wins over the file. Which keys there are, what they
/// accept and which setting each writes is ``HubOption``'s table.
///
/// ```
/// # Publish the proxy player even under GNOME Shell or KDE Plasma.
/// proxy = on
/// # Serve the web remote on the LAN, and behind a TLS proxy at this name.
/// lan = yes
/// public-origin = https://music.example.org
/// ```
struct ConfigurationFile: Sendable, Hashable {
  /// `proxy`: auto, on, playerctld or off.
  var proxy: ProxyMode?
  /// `interrupt-on-calls`: yes or no.
  var interruptsOnCalls: Bool?
  /// `pause-on-route-loss`: yes or no.
  var pausesOnRouteLoss: Bool?
  /// `call-roles`: the `media.role` values that are calls, comma-separated.
  var callRoles: Set<String>?
  /// `lan`: yes or no, as `--lan`.
  var lan: Bool?
  /// `public-origin`: `https://NAME`, as `--public-origin`.
  var publicOrigin: PublicOrigin?
  /// `pause-for-sleep`: yes or no.
  var pausesForSleep: Bool?
  /// `exclusive`: yes or no.
  var isExclusive: Bool?
  /// `relaunch`: yes or no.
  var relaunches: Bool?
  /// `notify`: yes or no.
  var notifies: Bool?

  /// Where the file is read from: `$XDG_CONFIG_HOME/remotectld/remotectld.conf`, or under
  /// `~/.config` when that is unset.
  static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
    return base + "/remotectld/remotectld.conf"
  }

  /// The file at `path`; an empty configuration when there is none.
  ///
  /// - Throws: ``HubError`` naming the line and what is wrong with it, or why the file cannot be
  ///   read.
  static func read(at path: String) throws(HubError) -> ConfigurationFile {
    guard FileManager.default.fileExists(atPath: path) else { return ConfigurationFile() }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw HubError("cannot read \(path): \(errorDescription(error))")
    }
    return try parse(text, path: path)
  }

  /// The configuration `text` says (read from `path`, for messages).
  static func parse(_ text: String, path: String) throws(HubError) -> ConfigurationFile {
    var configuration = ConfigurationFile()
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.prefix { $0 != "#" }.trimmingSpaces()
      guard !line.isEmpty else { continue }
      let place = "\(path):\(index + 1)"
      guard let equals = line.firstIndex(of: "=") else {
        throw HubError("\(place): expected `key = value`, found \"\(line)\"")
      }
      let key = line[..<equals].trimmingSpaces()
      let value = line[line.index(after: equals)...].trimmingSpaces()
      guard let read = HubOption.option(key: key)?.read else {
        throw HubError("\(place): unknown key \"\(key)\"; the keys are: \(HubOption.keyList)")
      }
      do {
        try read(value, &configuration)
      } catch {
        throw HubError("\(place): \(error.description)")
      }
    }
    return configuration
  }
}
