internal import DBus
internal import Glibc
internal import HubAPI

/// Where remotectld is installed, as remotectl can tell without the bus: beside remotectl's own
/// executable (`PREFIX/bin`), with its activation file in `PREFIX/share/dbus-1/services`, as
/// `make install` and the Debian package put them. When the bus says it cannot start the hub
/// (`ServiceUnknown`), this tells "installed where D-Bus does not look" from "not installed".
///
/// Plain C calls, no Foundation.
enum HubInstallation {
  /// The hub's activation file name: `io.github.swift_remote_control.Hub.service`.
  static let activationFile = HubAddress.busName.rawValue + ".service"

  /// The prefix remotectl runs from (`/opt/x` for `/opt/x/bin/remotectl`), or `nil` when
  /// `/proc/self/exe` cannot be read.
  static var prefix: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bin = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    guard bin.last == "bin" else { return nil }
    return bin.dropLast().joined(separator: "/")
  }

  /// The folder of `prefix`'s activation files, when remotectld and its activation file are
  /// installed there.
  static func activationFolder(prefix: String) -> String? {
    let folder = prefix + "/share/dbus-1/services"
    guard access(prefix + "/bin/remotectld", X_OK) == 0, access(folder + "/" + activationFile, R_OK) == 0
    else { return nil }
    return folder
  }

  /// The user's own activation folder, which every session bus searches:
  /// `$XDG_DATA_HOME/dbus-1/services`, by default `~/.local/share/dbus-1/services`.
  static var userFolder: String {
    if let data = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), data.hasPrefix("/") {
      return data + "/dbus-1/services"
    }
    let home = getenv("HOME").map { String(cString: $0) } ?? "~"
    return home + "/.local/share/dbus-1/services"
  }

  /// What to say when the bus cannot start the hub: that it is installed where the session bus
  /// does not look, with the lines that make it look, or that it is not installed.
  static func notActivatable(prefix: String? = HubInstallation.prefix) -> String {
    guard let prefix, let folder = activationFolder(prefix: prefix) else {
      return "The Now Playing hub is not running: start it with `remotectld &`, or install it with "
        + "`make install` (then D-Bus starts it when asked, or `systemctl --user start remotectld`)"
    }
    let user = userFolder
    if folder == user {
      return
        "The Now Playing hub is not running, and the session bus cannot start it yet: remotectld is installed "
        + "in \(prefix), and the bus looks in \(folder), but reads that folder only when it starts, and it was "
        + "made since. Make the bus read it again (`dbus-send --session --type=method_call "
        + "--dest=org.freedesktop.DBus / org.freedesktop.DBus.ReloadConfig`; `make install` does so for the bus "
        + "it finds), or start it now with `\(prefix)/bin/remotectld &`"
    }
    return
      "The Now Playing hub is not running, and the session bus cannot start it: remotectld is installed in "
      + "\(prefix), but the bus does not look in \(folder) for activation files. Link them where it looks "
      + "(`mkdir -p \(user) && ln -sf \(folder)/\(activationFile) "
      + "\(folder)/org.mpris.MediaPlayer2.remotectld.service \(user)/`), or start it now with "
      + "`\(prefix)/bin/remotectld &`"
  }
}
