import Foundation

/// mpv's scripts the tests load, where Debian installs them.
package enum MPVPlugin {
  /// mpv-mpris's plugin (`mpris.so`, under /usr/lib or /etc/mpv/scripts); `nil` when mpv-mpris
  /// is not installed.
  package static let mpris: String? = ["/usr/lib/mpv-mpris/mpris.so", "/etc/mpv/scripts/mpris.so"]
    .first { FileManager.default.fileExists(atPath: $0) }
}
