internal import Glibc
internal import HubSupport

/// remotectl's record of the players that played last, so that a one-shot `remotectl` without a
/// hub returns to the player that played most recently, not to the first name on the bus: what
/// playerctld keeps in memory (its `PlayerNames`), kept here in a small file, since remotectl
/// runs once per key press.
///
/// The rule, as the hub's Now Playing rule (DESIGN.md) with what one look can see:
/// - each run notes which players are Playing; a player seen Playing that was not when last seen
///   has started since, and goes first, unless the first still plays (the Now Playing player
///   stays while it plays);
/// - the player a command is sent to goes first (a command counts as activity, as through the hub);
/// - the command goes to a player playing now, else to the one first in the record, else to a
///   paused one before a stopped one, then by name.
///
/// What remotectl never saw (a player started and paused between two runs) is not in it; the hub
/// watches all the time and knows. The file is
/// `${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control/player-history` (one per bus: ``path``), beside
/// binaural's `bus-address`: one line per player, `instance` and `playing` or `paused`, most
/// recent first.
///
/// Plain C calls, no Foundation: this runs on every media key press.
struct PlayerHistory: Hashable, Sendable {
  /// One player of the record.
  struct Entry: Hashable, Sendable {
    /// Its instance (`mpv`, `vlc.instance1234`).
    var instance: String
    /// Whether it was Playing when remotectl last looked.
    var playing: Bool
  }

  /// The players, most recent first.
  var entries: [Entry] = []

  /// How many players the record keeps: more than anyone runs at once.
  static let capacity = 32

  /// The folder: `${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control`, binaural's too.
  static var directory: String { (BaseDirectory.runtime() ?? "/tmp") + "/swift-remote-control" }

  /// The file: `player-history` for the user's session bus at `$XDG_RUNTIME_DIR/bus`, and
  /// `player-history-HASH` for a bus named otherwise (`DBUS_SESSION_BUS_ADDRESS`, binaural's
  /// private bus), HASH the address's FNV-1a: each bus has its own players, so its own record.
  static var path: String {
    var address = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } ?? ""
    if address.isEmpty { address = BusDiscovery.address ?? "" }
    guard !address.isEmpty else { return directory + "/player-history" }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in address.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return directory + "/player-history-" + String(hash, radix: 16)
  }

  /// The record with `entries`.
  init(entries: [Entry] = []) { self.entries = entries }

  /// The record as the file's text says it; lines it cannot read are left out.
  init(text: String) {
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, fields[1] == "playing" || fields[1] == "paused" else { continue }
      let instance = String(fields[0])
      guard !entries.contains(where: { $0.instance == instance }) else { continue }
      entries.append(Entry(instance: instance, playing: fields[1] == "playing"))
    }
  }

  /// The file's text.
  var text: String {
    entries.map { "\($0.instance) \($0.playing ? "playing" : "paused")\n" }.joined()
  }

  /// What remotectl saw now: `activity` holds every player on the bus and its status.
  mutating func observe(_ activity: [String: PlayerActivity]) {
    // The first "still" plays only if it played when last seen, too: one that started since is
    // among `started`, and goes first again.
    let frontStillPlays =
      entries.first.map { $0.playing && activity[$0.instance]?.status == .playing } ?? false
    let started = activity.keys.sorted().filter { instance in
      activity[instance]?.status == .playing
        && entries.first(where: { $0.instance == instance })?.playing != true
    }
    for index in entries.indices {
      if let status = activity[entries[index].instance]?.status {
        entries[index].playing = status == .playing
      }
    }
    entries.removeAll { started.contains($0.instance) }
    let newcomers = started.map { Entry(instance: $0, playing: true) }
    entries.insert(contentsOf: newcomers, at: frontStillPlays ? 1 : 0)
    entries = Array(entries.prefix(Self.capacity))
  }

  /// A command was sent to `instance`: it goes first.
  mutating func noteCommand(to instance: String) {
    let playing = entries.first(where: { $0.instance == instance })?.playing ?? false
    entries.removeAll { $0.instance == instance }
    entries.insert(Entry(instance: instance, playing: playing), at: 0)
    entries = Array(entries.prefix(Self.capacity))
  }

  /// `activity` with each recorded player's place as its `lastPlayed` stamp (the first the
  /// largest), for ``PlayerChoice/order(_:activity:ranked:)``.
  func stamping(_ activity: [String: PlayerActivity]) -> [String: PlayerActivity] {
    var stamped = activity
    for (index, entry) in entries.enumerated() where stamped[entry.instance] != nil {
      stamped[entry.instance]?.lastPlayed = UInt64(entries.count - index)
    }
    return stamped
  }

  /// The record in the file; empty when there is none, or it cannot be read (a record is a hint:
  /// without it, remotectl chooses as playerctl does, playing before paused).
  static func read() -> PlayerHistory {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return PlayerHistory() }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return PlayerHistory() }
    return PlayerHistory(text: String(decoding: bytes.prefix(count), as: UTF8.self))
  }

  /// Writes the record when it differs from `previous`: to a file of this process, renamed over
  /// the record, so that two remotectl at once each leave a whole record. Returns whether the
  /// record is written; a folder that is not this user's is left alone.
  @discardableResult
  func write(replacing previous: PlayerHistory) -> Bool {
    guard self != previous else { return true }
    let folder = Self.directory
    mkdir(folder, 0o700)
    var status = stat()
    guard stat(folder, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o022 == 0 else {
      return false
    }
    let temporary = Self.path + ".\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count, rename(temporary, Self.path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}

extension PlayerHistory {
  /// The record as one run read it, and what that run adds to it.
  struct Update: Sendable {
    /// The record as read.
    let previous: PlayerHistory

    /// Notes what the run saw (`seen`: the players it read and their status, before its command)
    /// and the players its command went to, and writes the record when that changed it. A record
    /// that cannot be written (a folder of another user's) is not an error of the command: the
    /// next run chooses as this one did.
    func update(seen: [String: PlayerActivity], commandedTo instances: [String]) {
      var updated = previous
      updated.observe(seen)
      for instance in instances.reversed() { updated.noteCommand(to: instance) }
      updated.write(replacing: previous)
    }
  }
}
