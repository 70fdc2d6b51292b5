import DBus
import Logging
package import NowPlayingArbiter
package import PlayerView
import RemoteControlMPRIS
import Synchronization

/// A browser's echo of a lock screen page is no player (see `EchoRule`): the web remote says
/// which players its pages hand to their browser's Media Session, the hub notes the tracks they
/// show, and judges every player's metadata against them.
extension Hub {
  /// Takes `busNames` as the players the web remote's pages hand over to their browsers' media
  /// sessions now (empty: none), and judges every player again. On the view's connection thread.
  package func handOver(_ busNames: Set<String>) {
    connection.perform { [self] in
      let mirrors = view.mirrors
      echoRule.withLock { rule in
        rule.handOver(busNames)
        for mirror in mirrors where mirror.busNames.contains(where: { busNames.contains($0.rawValue) }) {
          for name in mirror.busNames { rule.source(name.rawValue, shows: Self.handedTrack(of: mirror)) }
        }
      }
      logger.info("lock screen pages hand over", metadata: ["players": "\(busNames.sorted())"])
      applyHere(
        [.holdUnreadPlayers(!busNames.isEmpty)] + mirrors.filter(\.isLoaded).flatMap { echoEvents(of: $0) })
    }
  }

  /// Notes `mirror`'s track when a page hands it over, and judges it (`isNew`: its first
  /// properties were just read): the arbiter's event when its judgement changed.
  func echoEvents(of mirror: PlayerMirror, isNew: Bool = false) -> [Arbiter.Event] {
    let track = Self.track(of: mirror)
    let owner = mirror.owner.rawValue
    let names = mirror.busNames.map(\.rawValue)
    let handed = Self.handedTrack(of: mirror)
    let (was, isEcho) = echoRule.withLock { rule in
      for name in names { rule.source(name, shows: handed) }
      let was = rule.echoes.contains(owner)
      return (was, rule.judge(owner: owner, busNames: names, track: track, isNew: isNew))
    }
    guard was != isEcho else { return [] }
    logger.info(
      isEcho ? "a lock screen page's echo is no player" : "a player is no longer a lock screen page's echo",
      metadata: ["owner": "\(owner)", "names": "\(names)"])
    return [.echoChanged(owner: owner, isEcho: isEcho)]
  }

  /// What the web remote's page hands to the Media Session of `mirror`'s track: its title
  /// (else the player's `Identity`, else its name, as the page shows it), artist and album.
  static func handedTrack(of mirror: PlayerMirror) -> EchoRule.Track? {
    let identity = mirror[root: .identity]?.stringValue ?? ""
    let name = mirror.busName.flatMap { PlayerIdentity(busName: $0.rawValue)?.instance }
    return track(of: mirror, untitled: identity.isEmpty ? name : identity)
  }

  /// What a Media Session would carry of `mirror`'s track, as a browser republishes it: its
  /// title (`untitled` when it has none; `nil` then: no track), artist and album.
  package static func track(of mirror: PlayerMirror, untitled: String? = nil) -> EchoRule.Track? {
    let metadata = mirror.metadata
    let title = metadata[MetadataKey.title.rawValue]?.stringValue ?? ""
    guard let shown = title.isEmpty ? untitled : title, !shown.isEmpty else { return nil }
    let artists = metadata[MetadataKey.artist.rawValue]?.arrayElements?.compactMap(\.stringValue) ?? []
    return EchoRule.Track(
      title: shown, artist: artists.joined(separator: ", "),
      album: metadata[MetadataKey.album.rawValue]?.stringValue ?? ""
    )
  }
}
