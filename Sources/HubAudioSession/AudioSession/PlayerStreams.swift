import AudioSessionArbiter
import HubCore
import HubSupport
import SoundServer

/// The hub's bookkeeping of players and sound-server streams: each player's process as learned
/// when the hub first saw it, each stream and the players it belongs to (``StreamMatcher``'s
/// rule), and on which sink each stream played (``RouteHistory``). Players are told apart by
/// their bus connection's unique name.
///
/// A value changed only on the view's connection thread, under the service's lock; it reads
/// nothing itself. What matching needs of `/proc` (``missing(for:)``, ``takeMissingLookups()``)
/// is read elsewhere, once per stream, and handed back (``streamChanged(_:at:found:)``,
/// ``store(_:of:for:)``): until then a stream matches by what is known.
struct PlayerStreams: Sendable {
  /// How a player is matched to the sound server's streams now, for doctor.
  struct Report: Sendable, Hashable {
    package var owner: String
    /// ``StreamMatch/Kind/name``, or `unmatched`.
    var how: String
    /// The evidence, or why there is none.
    var detail: String
  }

  private var matcher: StreamMatcher
  private(set) var routes = RouteHistory()
  /// Each player's process, by owner.
  private(set) var processes: [String: PlayerProcess] = [:]
  /// Why a player's process is unknown, by owner.
  private(set) var problems: [String: String] = [:]
  /// The playback streams, by index.
  private(set) var streams: [UInt32: PlaybackStream] = [:]
  /// Streams that went away: the server never reuses an index, so news of one of them that
  /// arrives late (an answer to a query sent before it went) is stale.
  private var removed: Set<UInt32> = []
  /// The players each stream belongs to, and how.
  private(set) var owners: [UInt32: [String: StreamMatch]] = [:]
  /// Each player's last match, kept after its stream ended.
  private var lastMatch: [String: StreamMatch] = [:]
  /// Streams whose missing lookups are being read.
  private var requested: Set<UInt32> = []

  /// Bookkeeping that reads processes from `tree`.
  package init(tree: any ProcessTree = ProcessFiles()) {
    matcher = StreamMatcher(tree: tree)
  }

  // MARK: - Players

  /// The process of `owner` is known: its streams are matched again.
  mutating func learned(_ process: PlayerProcess, of owner: String) {
    processes[owner] = process
    problems[owner] = nil
    rematch()
  }

  /// The player's `DesktopEntry` is known (it loaded after its process was learned).
  mutating func desktopEntry(_ entry: String?, of owner: String) {
    guard let process = processes[owner], process.desktopEntry != entry else { return }
    processes[owner]?.desktopEntry = entry
    rematch()
  }

  /// Why the process of `owner` cannot be known.
  mutating func failed(_ owner: String, reason: String) {
    problems[owner] = reason
  }

  /// The player left the bus.
  mutating func playerLeft(_ owner: String) {
    processes[owner] = nil
    problems[owner] = nil
    lastMatch[owner] = nil
    rematch()
  }

  /// Whether the hub knows, or asked, the process of `owner`.
  func knows(_ owner: String) -> Bool { processes[owner] != nil || problems[owner] != nil }

  // MARK: - Streams

  /// A stream appeared or changed, with what was read of its process for it (see
  /// ``missing(for:)``); returns `false` for stale news of a stream that went away.
  mutating func streamChanged(
    _ stream: PlaybackStream, at instant: ContinuousClock.Instant, found: StreamMatcher.Lookups? = nil
  ) -> Bool {
    guard !removed.contains(stream.index) else { return false }
    let old = streams.updateValue(stream, forKey: stream.index)
    if let old, old.origin.processID != stream.origin.processID { matcher.forget(stream.index) }
    if let found { matcher.store(found, for: stream.index) }
    if old?.origin != stream.origin || found != nil { owners[stream.index] = match(stream) }
    routes.stream(
      stream.index, playsOn: stream.sinkIndex, for: Set((owners[stream.index] ?? [:]).keys), at: instant)
    return true
  }

  /// A stream ended; its sink is remembered a while.
  mutating func streamRemoved(_ index: UInt32, at instant: ContinuousClock.Instant) {
    streams[index] = nil
    owners[index] = nil
    requested.remove(index)
    removed.insert(index)
    matcher.forget(index)
    routes.streamEnded(index, at: instant)
  }

  /// Forgets the streams of a sound server that went away; returns their indices.
  mutating func removeAllStreams() -> [UInt32] {
    defer {
      for index in streams.keys { matcher.forget(index) }
      streams = [:]
      owners = [:]
      removed = []
      requested = []
      routes.removeAll()
    }
    return streams.keys.sorted()
  }

  /// The players that played on `sink`, lost at `instant`, and on `streams` (those the server
  /// said played on it), each with how it was matched.
  func owners(lostWith sink: UInt32, streams lost: [PlaybackStream], at instant: ContinuousClock.Instant)
    -> Set<String>
  {
    var found = routes.owners(lostWith: sink, at: instant)
    for stream in lost { found.formUnion((owners[stream.index] ?? [:]).keys) }
    return found
  }

  // MARK: - Lookups

  /// What matching `stream` against the players known now needs of `/proc` that was not read.
  func missing(for stream: PlaybackStream) -> StreamMatcher.Needs {
    matcher.missing(for: stream, among: processes.values)
  }

  /// What matching the streams there now needs of `/proc` and was neither read nor asked for
  /// (a player in a sandbox arrived since), with each stream's process; taken as asked for.
  mutating func takeMissingLookups() -> [(index: UInt32, process: Int32, needs: StreamMatcher.Needs)] {
    let wanted = streams.values.compactMap {
      stream -> (index: UInt32, process: Int32, needs: StreamMatcher.Needs)? in
      guard !requested.contains(stream.index), let process = stream.origin.processID else { return nil }
      let needs = missing(for: stream)
      return needs.isEmpty ? nil : (stream.index, process, needs)
    }
    requested.formUnion(wanted.map { $0.index })
    return wanted
  }

  /// Keeps what was read of `process` for the stream `index`, and matches the stream again;
  /// dropped when the stream went away or plays from another process since.
  mutating func store(_ found: StreamMatcher.Lookups, of process: Int32, for index: UInt32) {
    requested.remove(index)
    guard let stream = streams[index], stream.origin.processID == process else { return }
    matcher.store(found, for: index)
    let matched = match(stream)
    if matched != owners[index] {
      owners[index] = matched
      routes.stream(index, belongsTo: Set(matched.keys))
    }
  }

  // MARK: - Reports

  /// How each of `players` (by owner; whether it plays) is matched now, or why it is not.
  func reports(for players: [(owner: String, isPlaying: Bool)], watchesServer: Bool) -> [Report] {
    players.map { player in
      let current = owners.values.compactMap { $0[player.owner] }.min { $0.isStronger(than: $1) }
      if let match = current ?? lastMatch[player.owner] {
        return Report(
          owner: player.owner, how: match.kind.name,
          detail: match.detail + (current == nil ? " (its stream has ended since)" : ""))
      }
      let why: String
      if let problem = problems[player.owner] {
        why = problem
      } else if let process = processes[player.owner] {
        if !watchesServer {
          why = "the hub does not watch the sound server"
        } else if player.isPlaying {
          why =
            "it plays, but no stream on the sound server comes from its process \(process.processID), "
            + "a process below it"
            + (process.flatpak.map { ", or its Flatpak app \($0.appID)" } ?? "")
            + (process.desktopEntry.map { ", or names its DesktopEntry \($0)" } ?? "")
            + " (it plays through another server, or as another user)"
        } else {
          why = "it has no stream on the sound server now (it plays nothing)"
        }
      } else {
        why = "its process is not known yet"
      }
      return Report(owner: player.owner, how: "unmatched", detail: why)
    }
  }

  // MARK: - Matching

  private mutating func match(_ stream: PlaybackStream) -> [String: StreamMatch] {
    let found = matcher.knownOwners(of: stream, among: processes)
    for (owner, match) in found { lastMatch[owner] = match }
    return found
  }

  /// Matches every stream again against the players known now, by what was read.
  private mutating func rematch() {
    for (index, stream) in streams {
      let found = match(stream)
      if found != owners[index] {
        owners[index] = found
        routes.stream(index, belongsTo: Set(found.keys))
      }
    }
  }
}
