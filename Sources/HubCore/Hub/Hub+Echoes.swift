import DBus
import Logging
package import NowPlayingArbiter
package import PlayerView
import RemoteControlMPRIS
import Synchronization

/// A browser's echo of a lock screen page or of a bridged page is no player (see `EchoRule`): the
/// web remote says which players its pages hand to their browser's Media Session and the bridge
/// which players are pages, the hub notes the tracks they show, and judges every player's
/// metadata against them.
extension Hub {
  /// Takes `busNames` as the players the web remote's pages hand over to their browsers' media
  /// sessions now (empty: none), and judges every player again. On the view's connection thread.
  package func handOver(_ busNames: Set<String>) {
    takeSources("lock screen pages hand over", busNames) { $0.handOver(busNames) }
  }

  /// Takes `busNames` as the bridge's players now (empty: none): pages, whose browser's own
  /// player of the same Media Session is an echo, and judges every player again. From any
  /// thread; applied on the view's connection thread.
  package func bridge(_ busNames: Set<String>) {
    takeSources("bridged pages", busNames) { $0.bridge(busNames) }
  }

  /// Changes the rule's sources with `change`, notes what the sources show, and judges every
  /// player again, on the view's connection thread.
  private func takeSources(
    _ what: String, _ busNames: Set<String>, _ change: @escaping @Sendable (inout EchoRule) -> Void
  ) {
    connection.perform { [self] in
      let mirrors = view.mirrors
      let isHandingOver = echoRule.withLock { rule in
        change(&rule)
        for mirror in mirrors where mirror.busNames.contains(where: { rule.sources.contains($0.rawValue) }) {
          for name in mirror.busNames { rule.source(name.rawValue, shows: Self.handedTrack(of: mirror)) }
        }
        return rule.isHandingOver
      }
      logger.info("\(what)", metadata: ["players": "\(busNames.sorted())"])
      applyHere(
        [.holdUnreadPlayers(isHandingOver)] + mirrors.filter(\.isLoaded).flatMap { echoEvents(of: $0) })
    }
  }

  /// Notes `mirror`'s track when it is a source, and judges it (`isNew`: its first properties
  /// were just read): the arbiter's events when its judgement changed, and when it is a source
  /// showing a track new to the rule, the other players' whose judgement that changed (a
  /// bridged page and its browser's own player show the page's track in either order).
  func echoEvents(of mirror: PlayerMirror, isNew: Bool = false) -> [Arbiter.Event] {
    let names = mirror.busNames.map(\.rawValue)
    let handed = Self.handedTrack(of: mirror)
    let showsNewTrack = echoRule.withLock { rule in
      names.reduce(false) { shown, name in rule.source(name, shows: handed) || shown }
    }
    let others =
      showsNewTrack
      ? view.mirrors.filter { $0.isLoaded && $0.owner != mirror.owner }.flatMap { judged($0) } : []
    return judged(mirror, isNew: isNew) + others
  }

  /// Judges `mirror` (`isNew`: its first properties were just read): the arbiter's event when
  /// its judgement changed.
  private func judged(_ mirror: PlayerMirror, isNew: Bool = false) -> [Arbiter.Event] {
    let track = Self.track(of: mirror)
    let owner = mirror.owner.rawValue
    let names = mirror.busNames.map(\.rawValue)
    let (was, isEcho) = echoRule.withLock { rule in
      let was = rule.echoes.contains(owner)
      return (was, rule.judge(owner: owner, busNames: names, track: track, isNew: isNew))
    }
    guard was != isEcho else { return [] }
    logger.info(
      isEcho
        ? "a lock screen page's or bridged page's echo is no player"
        : "a player is no longer a lock screen page's or bridged page's echo",
      metadata: ["owner": "\(owner)", "names": "\(names)"])
    return [.echoChanged(owner: owner, isEcho: isEcho)]
  }

  /// What the web remote's page hands to the Media Session of `mirror`'s track: its title
  /// (else the player's `Identity`, else its name, as the page shows it), artist and album.
  static func handedTrack(of mirror: PlayerMirror) -> EchoRule.Track? {
    let identity = mirror[root: .identity]?.stringValue ?? ""
    let untitled =
      identity.isEmpty ? mirror.busName.flatMap { PlayerIdentity(busName: $0.rawValue)?.instance } : identity
    return track(of: mirror, untitled: untitled)
  }

  /// What a Media Session would carry of `mirror`'s track, as a browser republishes it: its
  /// title (`untitled` when it has none; `nil` then: no track), artist and album.
  package static func track(of mirror: PlayerMirror, untitled: String? = nil) -> EchoRule.Track? {
    let title = mirror.metadata(.title)?.stringValue ?? ""
    guard let shown = title.isEmpty ? untitled : title, !shown.isEmpty else { return nil }
    let artists = mirror.metadata(.artist)?.arrayElements?.compactMap(\.stringValue) ?? []
    return EchoRule.Track(
      title: shown, artist: artists.joined(separator: ", "),
      album: mirror.metadata(.album)?.stringValue ?? ""
    )
  }
}
