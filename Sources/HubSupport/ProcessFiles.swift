package import Foundation

/// What `/proc` says of the system's processes: each one's parent, its ids in nested PID
/// namespaces, its executable, the machine id and the Flatpak sandbox it sees.
///
/// Each read opens a small file and parses it; nothing is cached here (the hub's stream matcher
/// caches what it learned per stream). A process that is gone, or a file this user may not
/// read, reads as `nil`.
package struct ProcessFiles: Sendable {
  /// The folder read as `/proc`.
  package var root: URL

  /// A reader of `root` (`/proc` by default).
  package init(root: URL = URL(fileURLWithPath: "/proc", isDirectory: true)) {
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
    guard let text = read("\(process)/status") else { return nil }
    var parent: Int32?
    var namespaceIDs: [Int32] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("PPid:") {
        parent = Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
      } else if line.hasPrefix("NSpid:") {
        namespaceIDs = line.dropFirst(6).split(whereSeparator: { $0 == "\t" || $0 == " " }).compactMap {
          Int32($0)
        }
      }
    }
    guard let parent else { return nil }
    return Status(parent: parent, namespaceIDs: namespaceIDs.isEmpty ? [process] : namespaceIDs)
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
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("["), line.hasSuffix("]") {
        section = String(line.dropFirst().dropLast())
        continue
      }
      guard let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
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
    if let target = try? FileManager.default.destinationOfSymbolicLink(
      atPath: root.appendingPathComponent("\(process)/exe").path)
    {
      return URL(fileURLWithPath: target).lastPathComponent
    }
    return read("\(process)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The machine id `process` sees: its root's `/etc/machine-id`, else
  /// `/var/lib/dbus/machine-id`; `nil` when neither can be read.
  package func machineID(of process: Int32) -> String? {
    for path in ["\(process)/root/etc/machine-id", "\(process)/root/var/lib/dbus/machine-id"] {
      if let id = read(path)?.trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty { return id }
    }
    return nil
  }

  /// The ids of every process there now, in the reader's PID namespace.
  package func processes() -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).compactMap { Int32($0) }
  }

  private func read(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }
}
