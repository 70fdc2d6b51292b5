import BusTestSupport
import Foundation

/// GNOME's media keys beside a headless GNOME Shell: the real gnome-settings-daemon media-keys
/// plugin (`/usr/libexec/gsd-media-keys`, Debian 12's 43), which asks the shell to grab the keys
/// (`org.gnome.Shell.GrabAccelerators`), hears them as `AcceleratorActivated` and sends them to
/// the MPRIS player it picked; and a keyboard, mutter's RemoteDesktop API (`media_keys.py`).
extension GnomeShell {
  /// Whether gnome-settings-daemon's media keys are installed.
  static var hasMediaKeys: Requirement {
    .file(mediaKeysDaemon, debianPackage: "gnome-settings-daemon")
  }

  static let mediaKeysDaemon = "/usr/libexec/gsd-media-keys"

  /// What the shell's session gives the programs it runs: its buses, runtime folder (with its
  /// Wayland socket) and home.
  var sessionEnvironment: [String: String] {
    let directory = bus.directory.appendingPathComponent("gnome-shell")
    return bus.environment.merging([
      "DBUS_SYSTEM_BUS_ADDRESS": systemBus.address,
      "XDG_RUNTIME_DIR": directory.appendingPathComponent("runtime").path,
      "HOME": directory.path,
      "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
      "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
      "WAYLAND_DISPLAY": "wayland-0",
      "XDG_SESSION_TYPE": "wayland",
    ]) { $1 }
  }

  /// Starts gsd-media-keys (`--verbose`: its debug lines, the player it picks among them, on
  /// standard output) and returns once the shell has answered its grabs (its own line "Grab call
  /// completed!"), so that a key pressed next reaches it.
  ///
  /// A gsd-media-keys that has said nothing at all after 60 s is started once more: twice in some
  /// hundred starts on a loaded machine it never got as far as its first line (its log, in the
  /// failure's message, says what it waited for), before the hub or the players had any part.
  func startMediaKeys() async throws -> ChildProcess {
    for attempt in 1...2 {
      let log = bus.directory.appendingPathComponent("gsd-media-keys-\(attempt).log")
      let daemon = try ChildProcess(
        Self.mediaKeysDaemon, ["--verbose"], environment: sessionEnvironment, removing: ["DISPLAY"],
        standardError: .file(log.path))
      do {
        _ = try await daemon.line(within: .seconds(60)) { $0.contains("Grab call completed") }
        return daemon
      } catch {
        let output = daemon.standardOutput.suffix(2000)
        _ = await daemon.terminate()
        let errors: String
        do {
          errors = String(try String(contentsOf: log, encoding: .utf8).suffix(2000))
        } catch {
          errors = "(no log: \(error))"
        }
        print("gsd-media-keys, start \(attempt), did not grab the keys: \(error)\nstderr:\n\(errors)")
        if attempt == 1, output.isEmpty { continue }
        throw TestFailure("gsd-media-keys did not grab the keys: \(error)\n\(output)\nstderr:\n\(errors)")
      }
    }
    throw TestFailure("gsd-media-keys did not grab the keys in two starts")
  }

  /// Starts the keyboard (`media_keys.py`: a RemoteDesktop session of mutter's) and returns once
  /// its session has started.
  func startKeyboard() async throws -> ChildProcess {
    let keyboard = try ChildProcess(
      PythonPlayers.python, [PythonProgram.path("media_keys.py")], environment: sessionEnvironment,
      standardInput: .pipe)
    do {
      _ = try await keyboard.line(within: .seconds(20)) { $0 == "ready" }
    } catch {
      _ = await keyboard.terminate()
      throw TestFailure("mutter's RemoteDesktop session did not start: \(keyboard.standardError)")
    }
    return keyboard
  }
}

extension ChildProcess {
  /// Presses and releases the media key `key` (play, pause, next, previous, stop) on the keyboard
  /// ``GnomeShell/startKeyboard()`` started; returns once mutter has taken both.
  func press(_ key: String) async throws {
    try write("press \(key)\n")
    _ = try await line(within: .seconds(20)) { $0 == "pressed" }
  }
}
