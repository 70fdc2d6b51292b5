import BlockingIOPool
import FoundationEssentials
package import HubCore
import HubSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The last app that was Now Playing, as the hub remembers it to start it again: iOS's lock
/// screen and headset resume the last Now Playing app even when it is not running.
package struct LastNowPlaying: Sendable, Hashable, Codable {
  /// Its MPRIS bus name (`org.mpris.MediaPlayer2.vlc`).
  package var busName: String
  /// Its MPRIS `DesktopEntry`: the desktop file's name without `.desktop`, when it gave one.
  var desktopEntry: String?
  /// Its MPRIS `Identity` (`VLC media player`), for messages, when it gave one.
  var identity: String?

  /// How it is named to the user: its identity, else its bus name.
  var displayName: String { identity.flatMap { $0.isEmpty ? nil : $0 } ?? busName }

  /// The bus name with an instance suffix removed (`org.mpris.MediaPlayer2.chromium.instance42`
  /// → `org.mpris.MediaPlayer2.chromium`): what stays the same from one run of the app to the
  /// next.
  static func withoutInstance(_ busName: String) -> String {
    guard let range = busName.ranges(of: ".instance").last else { return busName }
    return String(busName[..<range.lowerBound])
  }
}

/// Where the hub keeps ``LastNowPlaying`` across its own restarts (it may be started by D-Bus
/// activation on the very key press that should resume the app):
/// `$XDG_STATE_HOME/remotectld/last-now-playing.json` (by default under `~/.local/state`), mode
/// 0600 in a 0700 folder, written through a temporary file and a rename as the web remote's
/// device list is.
package struct LastNowPlayingFile: Sendable {
  /// The file.
  package let path: String

  /// The file of the environment's state folder.
  package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    path = BaseDirectory.state.path(in: environment) + "/remotectld/last-now-playing.json"
  }

  /// The file at `path`.
  package init(path: String) {
    self.path = path
  }

  /// What the file remembers; `nil` when there is no file.
  ///
  /// - Throws: ``HubError`` saying why the file cannot be read or what is wrong in it.
  package func read() throws(HubError) -> LastNowPlaying? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return try JSONDecoder().decode(LastNowPlaying.self, from: data)
    } catch {
      throw HubError("cannot read the last Now Playing app from \(path): \(error)")
    }
  }

  /// Writes `last` in the background, on ``BlockingIO``'s thread: in order, so a later write never
  /// lands before an earlier one, and no thread of Swift's cooperative pool waits on the disk.
  /// `failed` gets the reason when it cannot be written.
  package func write(_ last: LastNowPlaying, failed: @escaping @Sendable (String) -> Void) {
    let path = path
    BlockingIO.submit {
      do {
        try Self.write(last, to: path)
      } catch {
        failed("\(error)")
      }
    }
  }

  /// Writes `last` to `path` now, through a temporary file and a rename (``AtomicFile``).
  private static func write(_ last: LastNowPlaying, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(last) + Data("\n".utf8)
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try AtomicFile.write(data, toPath: path)
  }
}
