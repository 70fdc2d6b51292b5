package import HubSupport

/// Finds the players a sound-server stream belongs to, as WirePlumber's `mpris-pause` and KDE's
/// task manager do.
///
/// ## The rule, strongest evidence first
///
/// 1. **Process.** The stream's `application.process.id` is the process the bus reports for
///    the player's connection.
/// 2. **Descendant process.** The stream's process descends from the player's (its `PPid`
///    chain in `/proc/<pid>/status` reaches it): a browser's audio-service child, an Electron
///    app's helper. The closest player up the chain wins. Snaps keep host process ids, so they
///    match here or above.
/// 3. **Flatpak app.** The player's bus goes through `xdg-dbus-proxy`, so the bus reports the
///    proxy's process; its `/.flatpak-info` names the app and the instance. On PipeWire's pulse
///    server the stream carries `pipewire.access.portal.app_id` (and `instance_id`, where set),
///    matched against them. On PulseAudio, whose streams give the process id inside the
///    sandbox's PID namespace, the stream's process is found among the host's processes whose
///    innermost `NSpid` is that id and whose `/.flatpak-info` names the same instance, and whose
///    executable and machine id agree with the stream's `application.process.binary` and
///    `.machine_id`.
/// 4. **Heuristic.** The player's MPRIS `DesktopEntry` is the stream's `application.id` or
///    `application.icon_name`: only names agree, and it is reported as a guess.
///
/// A stream's process id is only taken for a host one (1, 2) when the stream carries no portal
/// app id, which says it is a sandbox's.
///
/// The `/proc` lookups of a stream (its chain of parents, its sandbox's processes) are made once
/// and kept until ``forget(_:)``; matching a stream again against other players reads nothing.
/// Reading and matching are apart, so that a caller on a thread that must not wait (the hub's
/// bus thread) asks what is ``missing(for:among:)``, has ``lookUp(_:of:in:)`` read it elsewhere,
/// ``store(_:for:)``s it and matches with ``knownOwners(of:among:)``, which reads nothing.
package struct StreamMatcher: Sendable {
  /// The processes' reader.
  package let tree: any ProcessTree
  /// The longest chain of parents walked.
  package static let longestChain = 64

  /// What was read of each stream's process, by stream index.
  private var lookups: [UInt32: Lookups] = [:]

  /// What the matcher reads of a stream's process in `/proc`.
  package struct Needs: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The process's parents (`PPid`, up to init): for the descendant-process rule.
    package static let parents = Needs(rawValue: 1)
    /// The host's processes whose innermost `NSpid` is the stream's process id (a scan of every
    /// process): for the Flatpak rule on PulseAudio.
    package static let sandbox = Needs(rawValue: 2)
  }

  /// What was read of one stream's process.
  package struct Lookups: Sendable {
    /// The process and its parents, nearest first.
    var chain: [Int32]?
    /// The candidates on the host for the process inside a sandbox.
    var sandboxed: [SandboxedProcess]?
    /// Why the sandbox scan found nothing: the processes could not be listed. Said once, by
    /// whoever read the lookups (the scan is not made again for the stream); not kept by
    /// ``StreamMatcher/store(_:for:)``.
    package var scanFailure: ProcessFiles.ListingError?

    /// Nothing read.
    package init() {}

    /// What of `needs` this holds.
    var holds: Needs {
      var holds: Needs = []
      if chain != nil { holds.insert(.parents) }
      if sandboxed != nil { holds.insert(.sandbox) }
      return holds
    }

    /// `other`'s lookups added to these.
    mutating func merge(_ other: Lookups) {
      chain = chain ?? other.chain
      sandboxed = sandboxed ?? other.sandboxed
    }
  }

  /// A host process whose id inside its innermost PID namespace is a stream's process id.
  struct SandboxedProcess: Sendable {
    var hostID: Int32
    var flatpak: ProcessFiles.FlatpakInfo?
    var binary: String?
    var machineID: String?
  }

  /// A matcher reading `tree`, with nothing looked up yet.
  package init(tree: any ProcessTree) {
    self.tree = tree
  }

  /// The players `stream` belongs to, each with how, all with the strongest evidence found;
  /// empty when none matches. Reads what it needs of `/proc` first, on the calling thread.
  package mutating func owners(of stream: PlaybackStream, among players: [String: PlayerProcess])
    -> [String: StreamMatch]
  {
    if let process = stream.origin.processID {
      let needs = missing(for: stream, among: players.values)
      if !needs.isEmpty { store(Self.lookUp(needs, of: process, in: tree), for: stream.index) }
    }
    return knownOwners(of: stream, among: players)
  }

  /// ``owners(of:among:)`` by what was read: reads nothing. A rule whose lookups are not stored
  /// yet (see ``missing(for:among:)``) finds nothing; a stream's own process is known without.
  package func knownOwners(of stream: PlaybackStream, among players: [String: PlayerProcess])
    -> [String: StreamMatch]
  {
    var best: [String: StreamMatch] = [:]
    for (owner, player) in players {
      guard let match = stored(stream, to: player) else { continue }
      guard let strongest = best.values.first else {
        best[owner] = match
        continue
      }
      if match.isStronger(than: strongest) {
        best = [owner: match]
      } else if !strongest.isStronger(than: match) {
        best[owner] = match
      }
    }
    return best
  }

  /// How `stream` belongs to `player`, the strongest evidence first; `nil` when it does not.
  /// Reads what it needs of `/proc` first, on the calling thread.
  package mutating func match(_ stream: PlaybackStream, to player: PlayerProcess) -> StreamMatch? {
    if let process = stream.origin.processID {
      let needs = missing(for: stream, among: [player])
      if !needs.isEmpty { store(Self.lookUp(needs, of: process, in: tree), for: stream.index) }
    }
    return stored(stream, to: player)
  }

  /// What matching `stream` against `players` reads that was not read yet: its parents when a
  /// stream's process id is a host one, the sandbox scan when one of the players is in a
  /// Flatpak sandbox too.
  package func missing(for stream: PlaybackStream, among players: some Collection<PlayerProcess>) -> Needs {
    let origin = stream.origin
    guard origin.portalAppID == nil, origin.processID != nil, !players.isEmpty else { return [] }
    var needs: Needs = [.parents]
    if players.contains(where: { $0.flatpak != nil }) { needs.insert(.sandbox) }
    return needs.subtracting(lookups[stream.index]?.holds ?? [])
  }

  /// Reads `needs` of `process` (a stream's `application.process.id`) in `tree`: small files
  /// for its parents, every process's status for the sandbox. It waits on `/proc` (a sandbox
  /// scan takes milliseconds), so run it where waiting blocks nobody.
  package static func lookUp(_ needs: Needs, of process: Int32, in tree: any ProcessTree) -> Lookups {
    var found = Lookups()
    if needs.contains(.parents) { found.chain = chain(from: process, in: tree) }
    if needs.contains(.sandbox) {
      do {
        found.sandboxed = try sandboxed(process, in: tree)
      } catch {
        found.sandboxed = []
        found.scanFailure = error
      }
    }
    return found
  }

  /// Keeps what ``lookUp(_:of:in:)`` read for the stream `index`, until ``forget(_:)``.
  package mutating func store(_ found: Lookups, for index: UInt32) {
    lookups[index, default: Lookups()].merge(found)
  }

  /// How `stream` belongs to `player` by what is stored.
  private func stored(_ stream: PlaybackStream, to player: PlayerProcess) -> StreamMatch? {
    let origin = stream.origin
    let looked = lookups[stream.index]
    if origin.portalAppID == nil, let process = origin.processID {
      let chain = looked?.chain ?? [process]
      if let generations = chain.firstIndex(of: player.processID) {
        return generations == 0
          ? StreamMatch(.process, detail: "the stream's process \(process) is the player's")
          : StreamMatch(
            .descendantProcess, generations: generations,
            detail:
              "the stream's process \(process) descends from the player's \(player.processID), "
              + "\(generations) generation\(generations == 1 ? "" : "s") up")
      }
    }
    if let flatpak = player.flatpak {
      if let portalApp = origin.portalAppID {
        if portalApp == flatpak.appID,
          origin.portalInstanceID == nil || flatpak.instanceID == nil
            || origin.portalInstanceID == flatpak.instanceID
        {
          return StreamMatch(
            .flatpakApp,
            detail: "the stream's pipewire.access.portal.app_id is the player's Flatpak app \(portalApp)"
              + (origin.portalInstanceID.map { ", instance \($0)" } ?? ""))
        }
      } else if let process = origin.processID,
        let host = (looked?.sandboxed ?? []).first(where: { Self.agree($0, origin, flatpak) })
      {
        return StreamMatch(
          .flatpakApp,
          detail:
            "the stream's process \(process) is process \(host.hostID) in the player's Flatpak sandbox "
            + "\(flatpak.appID)" + (flatpak.instanceID.map { " (instance \($0))" } ?? ""))
      }
    }
    if let entry = player.desktopEntry.map(Self.normalized), !entry.isEmpty {
      for (name, value) in [
        ("application.id", origin.applicationID), ("application.icon_name", origin.iconName),
      ]
      where value.map(Self.normalized) == entry {
        return StreamMatch(
          .heuristic,
          detail: "only the names agree: the player's DesktopEntry \(entry) is the stream's \(name)")
      }
    }
    return nil
  }

  /// Forgets what was looked up for the stream `index` (it went away; the server never reuses
  /// an index).
  package mutating func forget(_ index: UInt32) {
    lookups[index] = nil
  }

  /// Whether the stream's lookups are kept (for tests of the cache).
  package func hasLookedUp(_ index: UInt32) -> Bool { lookups[index] != nil }

  // MARK: - Lookups, once per stream

  private static func chain(from process: Int32, in tree: any ProcessTree) -> [Int32] {
    var chain = [process]
    var current = process
    while chain.count < longestChain, current > 1, let parent = tree.status(of: current)?.parent,
      parent > 0, !chain.contains(parent)
    {
      chain.append(parent)
      current = parent
    }
    return chain
  }

  private static func sandboxed(_ process: Int32, in tree: any ProcessTree) throws(ProcessFiles.ListingError)
    -> [SandboxedProcess]
  {
    try tree.processes().compactMap { host -> SandboxedProcess? in
      guard let ids = tree.status(of: host)?.namespaceIDs, ids.count > 1, ids.last == process else {
        return nil
      }
      return SandboxedProcess(
        hostID: host, flatpak: tree.flatpakInfo(of: host), binary: tree.binary(of: host),
        machineID: tree.machineID(of: host))
    }
  }

  /// Whether the host process runs in `flatpak`'s instance, and its executable and machine id
  /// agree with what the stream says (a `comm` cut to 15 bytes agrees with its start).
  private static func agree(
    _ host: SandboxedProcess, _ origin: StreamOrigin, _ flatpak: ProcessFiles.FlatpakInfo
  )
    -> Bool
  {
    guard let sandbox = host.flatpak, sandbox.appID == flatpak.appID else { return false }
    if let instance = flatpak.instanceID, let other = sandbox.instanceID, instance != other { return false }
    if let binary = origin.binary, let hostBinary = host.binary, binary != hostBinary,
      !(hostBinary.utf8.count == 15 && binary.hasPrefix(hostBinary))
    {
      return false
    }
    if let machine = origin.machineID, let hostMachine = host.machineID, machine != hostMachine {
      return false
    }
    return true
  }

  /// A desktop entry's name as compared: lowercased, without `.desktop`.
  private static func normalized(_ name: String) -> String {
    let lowered = name.lowercased()
    return lowered.hasSuffix(".desktop") ? String(lowered.dropLast(8)) : lowered
  }
}
