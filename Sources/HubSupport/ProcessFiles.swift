import FoundationEssentials
import Glibc

/// What `/proc` says of the system's processes: each one's parent, its ids in nested PID
/// namespaces, its executable, the machine id and the Flatpak sandbox it sees.
///
/// Each read opens a small file with `open` and `read` (Foundation's file reading costs about ten
/// times as much on these files) and parses it; nothing is cached here (the hub's stream matcher
/// caches what it learned per stream). A process that is gone, or a file this user may not
/// read, reads as `nil`.
package struct ProcessFiles: Sendable {
  /// The folder read as `/proc`.
  package let root: String

  /// A reader of `root` (`/proc` by default).
  package init(root: String = "/proc") {
    self.root = root
  }

  /// The fields of `/proc/<process>/status` the matcher reads.
  package struct Status: Sendable, Hashable {
    /// `PPid`: the parent's id (0 for the first process of a namespace's parent, or none).
    package var parent: Int32
    /// `NSpid`: the process's id in each PID namespace it is in, outermost (this reader's) first;
    /// one element when it shares the reader's namespace.
    package var namespaceIDs: [Int32]

    /// A process's status.
    package init(parent: Int32, namespaceIDs: [Int32]) {
      self.parent = parent
      self.namespaceIDs = namespaceIDs
    }
  }

  /// The parts of a Flatpak sandbox's `/.flatpak-info` that name it.
  package struct FlatpakInfo: Sendable, Hashable {
    /// `[Application] name`: the app id (`org.videolan.VLC`).
    package var appID: String
    /// `[Instance] instance-id`: the running instance, `nil` when the file has none.
    package var instanceID: String?

    /// A sandbox of the app `appID`, instance `instanceID`.
    package init(appID: String, instanceID: String?) {
      self.appID = appID
      self.instanceID = instanceID
    }
  }

  /// `/proc/<process>/status`'s `PPid` and `NSpid`; `nil` when the process is gone.
  package func status(of process: Int32) -> Status? {
    guard let bytes = readBytes("\(process)/status") else { return nil }
    return Self.status(parsing: bytes, of: process)
  }

  /// The `PPid` and `NSpid` of a status file's bytes, read as bytes: the file is read for every
  /// parent of every stream's process, and every process when a sandbox is looked up.
  static func status(parsing bytes: [UInt8], of process: Int32) -> Status? {
    let parentKey = Array("PPid:".utf8)
    let namespaceKey = Array("NSpid:".utf8)
    var parent: Int32?
    var namespaceIDs: [Int32] = []
    var lineStart = 0
    while lineStart < bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let line = bytes[lineStart..<lineEnd]
      if line.starts(with: parentKey) {
        parent = numbers(in: line.dropFirst(parentKey.count)).first
      } else if line.starts(with: namespaceKey) {
        namespaceIDs = numbers(in: line.dropFirst(namespaceKey.count))
      }
      lineStart = lineEnd + 1
    }
    guard let parent else { return nil }
    return Status(parent: parent, namespaceIDs: namespaceIDs.isEmpty ? [process] : namespaceIDs)
  }

  /// The decimal numbers in `bytes`, separated by tabs or spaces.
  private static func numbers(in bytes: ArraySlice<UInt8>) -> [Int32] {
    var numbers: [Int32] = []
    var current: Int32?
    for byte in bytes {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        current = (current ?? 0) &* 10 &+ Int32(byte &- UInt8(ascii: "0"))
      } else if let value = current {
        numbers.append(value)
        current = nil
      }
    }
    if let current { numbers.append(current) }
    return numbers
  }

  /// The Flatpak sandbox `process` runs in, from `/proc/<process>/root/.flatpak-info`; `nil`
  /// outside one (or when the file cannot be read).
  package func flatpakInfo(of process: Int32) -> FlatpakInfo? {
    guard let text = read("\(process)/root/.flatpak-info") else { return nil }
    return Self.flatpakInfo(parsing: text)
  }

  /// The app id and instance id of a `.flatpak-info` file's text (an INI file: `[Application]`
  /// `name=`, `[Instance]` `instance-id=`); `nil` when it names no app.
  package static func flatpakInfo(parsing text: String) -> FlatpakInfo? {
    var section = ""
    var appID: String?
    var instanceID: String?
    for rawLine in text.split(separator: "\n") {
      let line = rawLine.trimmingSpaces()
      if line.hasPrefix("["), line.hasSuffix("]") {
        section = String(line.dropFirst().dropLast())
        continue
      }
      guard let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingSpaces()
      let value = line[line.index(after: equals)...].trimmingSpaces()
      switch (section, key) {
      case ("Application", "name"): appID = value
      case ("Instance", "instance-id"): instanceID = value
      default: break
      }
    }
    guard let appID, !appID.isEmpty else { return nil }
    return FlatpakInfo(appID: appID, instanceID: instanceID.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// The file name of `process`'s executable (`/proc/<process>/exe`), else its `comm` (which
  /// the kernel cuts to 15 bytes); `nil` when the process is gone.
  package func binary(of process: Int32) -> String? {
    var target = [CChar](repeating: 0, count: 4097)
    let count = readlink(root + "/\(process)/exe", &target, 4096)
    if count > 0 {
      let path = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return path.split(separator: "/").last.map(String.init)
    }
    return read("\(process)/comm")?.trimmingWhitespace()
  }

  /// The machine id `process` sees: its root's `/etc/machine-id`, else
  /// `/var/lib/dbus/machine-id`; `nil` when neither can be read.
  package func machineID(of process: Int32) -> String? {
    for path in ["\(process)/root/etc/machine-id", "\(process)/root/var/lib/dbus/machine-id"] {
      if let id = read(path)?.trimmingWhitespace(), !id.isEmpty { return id }
    }
    return nil
  }

  /// The ids of every process there now, in the reader's PID namespace.
  ///
  /// - Throws: ``ListingError`` when ``root`` cannot be listed (`/proc` not mounted, for one).
  package func processes() throws(ListingError) -> [Int32] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: root).compactMap { Int32($0) }
    } catch {
      throw ListingError(root: root, reason: errorDescription(error))
    }
  }

  /// The process list could not be read.
  package struct ListingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder that was listed.
    package var root: String
    /// Why it could not be, such as "No such file or directory".
    package var reason: String

    /// The processes in `root` could not be listed, because of `reason`.
    package init(root: String, reason: String) {
      self.root = root
      self.reason = reason
    }

    /// "cannot list the processes in /proc: …".
    package var description: String { "cannot list the processes in \(root): \(reason)" }
  }

  /// The whole of the file at `path` under ``root``, as text; `nil` when it cannot be read.
  private func read(_ path: String) -> String? {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The whole of the file at `path` under ``root``; `nil` when it cannot be opened or read.
  private func readBytes(_ path: String) -> [UInt8]? {
    let descriptor = open(root + "/" + path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    while true {
      var count = 0
      // Read straight into a new array's storage: a status file fits in one chunk.
      let chunk = [UInt8](unsafeUninitializedCapacity: 4096) { buffer, initialized in
        repeat {
          count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        } while count < 0 && errno == EINTR
        initialized = max(0, count)
      }
      if count < 0 { return nil }
      if count == 0 { return bytes }
      if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
    }
  }
}
