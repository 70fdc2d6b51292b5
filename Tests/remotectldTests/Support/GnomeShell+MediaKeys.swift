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
  func startMediaKeys() async throws -> ChildProcess {
    let log = bus.directory.appendingPathComponent("gsd-media-keys.log").path
    let daemon = try ChildProcess(
      Self.mediaKeysDaemon, ["--verbose"], environment: sessionEnvironment, removing: ["DISPLAY"],
      standardError: .file(log))
    do {
      _ = try await daemon.line(within: .seconds(60)) { $0.contains("Grab call completed") }
    } catch {
      let output = daemon.standardOutput.suffix(2000)
      _ = await daemon.terminate()
      throw TestFailure("gsd-media-keys did not grab the keys: \(error)\n\(output)")
    }
    return daemon
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
