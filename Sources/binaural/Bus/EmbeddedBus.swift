import FoundationEssentials
import Glibc
import HubSupport

/// A private session bus for machines that have none: a `dbus-daemon` binaural starts, whose
/// address it writes to ``addressFile`` (where `remotectl` looks when it finds no session bus),
/// and stops — removing the file — when binaural exits, however it exits (see ``SpawnedDaemon``).
struct EmbeddedBus: Sendable {
  /// The bus's address, as the daemon printed it (`unix:path=…,guid=…`).
  let address: String
  private let daemon: SpawnedDaemon
  private let socket: String

  /// Whether the user has a session bus: `DBUS_SESSION_BUS_ADDRESS` is set, or
  /// `$XDG_RUNTIME_DIR/bus` exists (where sd-bus looks next).
  static var sessionBusExists: Bool {
    let environment = ProcessInfo.processInfo.environment
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    guard let runtime = BaseDirectory.runtime(in: environment) else { return false }
    return FileManager.default.fileExists(atPath: runtime + "/bus")
  }

  /// The folder holding the bus socket and the address file:
  /// `${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control`.
  static var directory: String {
    (BaseDirectory.runtime() ?? "/tmp") + "/swift-remote-control"
  }

  /// The well-known file holding the address of the running embedded bus; `remotectl` reads it.
  static var addressFile: String { directory + "/bus-address" }

  /// What binaural actually starts: a shell that starts `dbus-daemon` on the socket `$1`, waits
  /// for end of file on its standard input (the lifeline, see ``SpawnedDaemon``), then stops the
  /// daemon and removes the socket and the address file `$2` if it still names this bus. So the
  /// bus ends when binaural ends, however it ends, and leaves no stale file.
  private static let watcher = """
    dbus-daemon --session --nofork --print-address=3 "--address=unix:path=$1" </dev/null &
    daemon=$!
    exec 3>&-
    read -r _
    kill -TERM "$daemon" 2>/dev/null
    wait "$daemon"
    rm -f "$1"
    if grep -qsF "unix:path=$1," "$2"; then rm -f "$2"; fi
    """

  /// Starts `dbus-daemon --session` on a socket of its own in ``directory``, waits (suspended)
  /// until it prints its address, and writes that to ``addressFile``.
  static func start() async throws(SpawnedDaemon.Failure) -> EmbeddedBus {
    mkdir(directory, 0o700)
    // Without XDG_RUNTIME_DIR the folder is in the shared /tmp, where another user may have made
    // it first: the daemon could not listen there, and the user must hear why, not "not installed".
    var folder = stat()
    guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR, folder.st_uid == getuid() else {
      throw SpawnedDaemon.Failure(
        description: "no session bus, and the folder for a private one, \(directory), is not yours "
          + "(another user made it): set XDG_RUNTIME_DIR to a folder of your own, as README.md's "
          + "\"Without a desktop session\" does: export XDG_RUNTIME_DIR=/tmp/rt-$(id -u); "
          + "mkdir -p -m 700 $XDG_RUNTIME_DIR")
    }
    let socket = directory + "/bus-\(getpid())"
    unlink(socket)
    // Close-on-exec: no other child may hold the write end, or the read would never end.
    let addressEnds = try SpawnedDaemon.channel()
    let daemon: SpawnedDaemon
    do {
      daemon = try SpawnedDaemon.spawn(
        "/bin/sh", ["-c", watcher, "binaural-bus", socket, addressFile], descriptor3: addressEnds.write)
    } catch {
      close(addressEnds.read)
      close(addressEnds.write)
      throw error
    }
    close(addressEnds.write)
    let address = await readLine(from: addressEnds.read)
    close(addressEnds.read)
    guard let address, address.hasPrefix("unix:") else {
      await daemon.stop()
      throw SpawnedDaemon.Failure(
        description: "no session bus, and dbus-daemon did not start one (is Debian's dbus-daemon installed?)")
    }
    let bus = EmbeddedBus(address: address, daemon: daemon, socket: socket)
    do {
      try AtomicFile.write(Data((address + "\n").utf8), toPath: addressFile, permissions: nil)
    } catch {
      await bus.stop()
      throw SpawnedDaemon.Failure(description: "cannot write the private bus's address to \(addressFile)")
    }
    return bus
  }

  /// What tells the user how to reach the bus: a sentence, then on a line of its own the command
  /// to copy. The address there is the socket's alone (`unix:path=…`, which is all a client
  /// needs): without the daemon's 32-digit guid it fits an 80-column terminal whole.
  var announcement: String {
    "no session bus, so a private one is running until binaural exits (remotectl finds it by "
      + "itself); try:\nDBUS_SESSION_BUS_ADDRESS=unix:path=\(socket) playerctl status"
  }

  /// Stops the daemon, and removes its socket and the address file (if it still names this bus).
  /// The watcher does the same on its own when binaural ends without calling this.
  func stop() async {
    await daemon.stop()
    unlink(socket)
    let file = Self.addressFile
    if let written = try? String(contentsOfFile: file, encoding: .utf8),
      written.trimmingWhitespace() == address
    {
      unlink(file)
    }
  }

  /// Reads up to the first newline (or the end) from `descriptor`, on a thread of its own: the
  /// caller is suspended meanwhile, no thread of Swift's cooperative pool waits on the pipe.
  private static func readLine(from descriptor: Int32) async -> String? {
    await withCheckedContinuation { continuation in
      DetachedThread.start(name: "binaural bus") {
        continuation.resume(returning: blockingReadLine(from: descriptor))
      }
    }
  }

  private static func blockingReadLine(from descriptor: Int32) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1, byte != UInt8(ascii: "\n") else { break }
      bytes.append(byte)
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}
