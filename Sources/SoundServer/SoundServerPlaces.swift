import Glibc
import HubSupport

/// Where libpulse looks for a sound server when it is given none, read without libpulse, so
/// that the hub loads libpulse (``Libpulse``) only once a server may answer: the variable
/// `PULSE_SERVER`; a `client.conf` that names a `default-server` (or asks to try the local host's
/// or the display's, `auto-connect-localhost`, `auto-connect-display`); an X11 display, whose
/// root window may name one; and the per-user and system-wide sockets (`$XDG_RUNTIME_DIR/pulse/native`,
/// `/run/pulse/native`), which PulseAudio and PipeWire's pipewire-pulse (or its systemd socket)
/// make.
///
/// The reading errs on the side of libpulse: whatever libpulse might read as a server counts as
/// one (a `client.conf` line is not checked beyond its key), so that a server libpulse would
/// reach is never missed; libpulse itself then says whether it answers.
package struct SoundServerPlaces: Sendable {
  /// The process's environment.
  package var environment: [String: String]
  /// The folder the system-wide places (`/etc/pulse`, `/run/pulse`) are under: `/` but in tests.
  package var root: String

  /// The places of `environment`, with the system-wide ones under `root` (`""`: `/`).
  package init(environment: [String: String], root: String = "") {
    self.environment = environment
    self.root = root
  }

  /// This process's environment and file system.
  package static func current() -> SoundServerPlaces {
    var environment: [String: String] = [:]
    let pulse = ["PULSE_SERVER", "PULSE_CLIENTCONFIG", "PULSE_RUNTIME_PATH"]
    for name in pulse + ["XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "HOME", "DISPLAY"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return SoundServerPlaces(environment: environment)
  }

  /// Why no server can answer at `server` (`nil`: libpulse's default), in words a user can act
  /// on; `nil` when one may.
  package func absence(at server: String?) -> String? {
    if server != nil { return nil }
    if let value = environment["PULSE_SERVER"], !value.isEmpty { return nil }
    if let value = environment["DISPLAY"], !value.isEmpty { return nil }
    if clientConfigurations.contains(where: namesServer) { return nil }
    let runtime: String
    if let path = environment["PULSE_RUNTIME_PATH"], !path.isEmpty {
      runtime = path
    } else if let path = environment["XDG_RUNTIME_DIR"], path.hasPrefix("/") {
      runtime = path + "/pulse"
    } else {
      // libpulse then makes a runtime folder of its own under the home folder: it looks there.
      return nil
    }
    let sockets = [runtime + "/native", root + "/run/pulse/native", root + "/var/run/pulse/native"]
    // The corresponding C function is `access`.
    if sockets.contains(where: { access($0, F_OK) == 0 }) { return nil }
    return "No sound server to reach: no socket at \(sockets[0]) nor \(sockets[1]), no PULSE_SERVER, "
      + "DISPLAY or default-server in client.conf. Start PulseAudio or PipeWire's pipewire-pulse, or set PULSE_SERVER."
  }

  /// The `client.conf` files libpulse may read, each with the `.conf` files of its `.d` folder.
  private var clientConfigurations: [String] {
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.config" }
    var files = [environment["PULSE_CLIENTCONFIG"], config.map { $0 + "/pulse/client.conf" }]
    files += [home.map { $0 + "/.pulse/client.conf" }, root + "/etc/pulse/client.conf"]
    return files.compactMap { $0 }.flatMap { file in
      [file]
        + FolderNames.read(atPath: file + ".d").filter { $0.hasSuffix(".conf") }.sorted().map {
          file + ".d/" + $0
        }
    }
  }

  /// Whether the file at `path` sets a key that names or seeks a server.
  private func namesServer(_ path: String) -> Bool {
    guard let bytes = FileBytes.read(atPath: path, upTo: 1 << 20) else { return false }
    return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
      let key = line.prefix { $0 != "=" }.trimmingSpaces()
      return key == "default-server" || key == "auto-connect-localhost" || key == "auto-connect-display"
    }
  }
}
