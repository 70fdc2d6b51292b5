/// Tells a browser's echo of a lock screen page from a player.
///
/// A web remote page with "Show on lock screen" on hands the Now Playing player to the browser's
/// W3C Media Session (`navigator.mediaSession`): its title, artist, album and artwork. A browser
/// on the same desktop publishes that session as an MPRIS player of its own (Chromium:
/// `org.mpris.MediaPlayer2.chromium.instance<pid>`, `Identity` "Chromium", `mpris:artUrl` a copy
/// of the artwork in `/tmp`, `mpris:trackid` a token of its own). That player is an echo: it
/// plays nothing, and its commands come back to the hub through the page. It must never be a
/// candidate for Now Playing.
///
/// The rule, in the order it is applied:
/// 1. A player the pages say they hand over (the *source*) is never an echo.
/// 2. Another player whose `xesam:title` is that of a track a source showed while it was
///    handed over (its current track or one of the last ``rememberedTracks``), and whose
///    `xesam:artist` (joined with ", ", as a Media Session has one artist string) and
///    `xesam:album` are that track's or empty, is an echo: a browser republishing what the page
///    was given, a moment behind it, one field at a time.
/// 3. A player with no title keeps its judgement: a browser whose page let its session go
///    stays on the bus with empty metadata and `Stopped`, and stays an echo. A new player that
///    shows no title when it is first read, while a page hands a player over, is held as a
///    possible echo until it shows a title, or until no page hands anything over: Chromium takes
///    its bus name before it publishes the session's metadata.
/// 4. Any other player is not an echo: a browser tab playing a video of its own shows its own
///    title, and is a player again.
///
/// A page that publishes its Media Session through the bridge is a source too: the bridge's player
/// is the page's player, and the browser's own player of the same session (Chromium publishes
/// every page's Media Session) is its echo — the same audio, listed twice otherwise. Chromium's
/// player names neither the page nor its URL (no `xesam:url`), and its process is the browser's
/// while the bridged player's is the hub's, so what they share is what the page set: the track.
///
/// A player of the same track on another program (the same song playing in two players, while a
/// page hands one of them over) is taken for an echo: the price of a rule that needs nothing
/// from the browser but what it publishes.
package struct EchoRule: Sendable {
  /// What a Media Session carries of a track, as an MPRIS player shows it.
  package struct Track: Sendable, Hashable {
    /// `xesam:title`.
    package var title: String
    /// `xesam:artist`, joined with ", ".
    package var artist: String
    /// `xesam:album`.
    package var album: String

    /// Creates a track.
    package init(title: String, artist: String, album: String) {
      self.title = title
      self.artist = artist
      self.album = album
    }

    /// Whether `copy` shows this track: the same title, and each of the artist and album the
    /// same or not (yet) shown — a browser publishes a session's fields one change at a time.
    func isMirrored(by copy: Track) -> Bool {
      copy.title == title && (copy.artist.isEmpty || copy.artist == artist)
        && (copy.album.isEmpty || copy.album == album)
    }
  }

  /// How many tracks handed over are remembered: an echo follows its page a moment late.
  package static let rememberedTracks = 8

  /// The bus names of the players the pages hand over, and of the bridged pages' players.
  package var sources: Set<String> { handedOver.union(bridged) }
  /// The bus names of the players the web remote's pages hand over.
  private var handedOver: Set<String> = []
  /// The bus names of the bridge's players.
  private var bridged: Set<String> = []
  /// The tracks handed over, the latest last, with the bus name that showed each.
  private var handed: [(source: String, track: Track)] = []
  /// The connections judged echoes: those found mirroring a track, and those held.
  package var echoes: Set<String> { found.union(held) }
  /// The connections found mirroring a track handed over.
  private var found: Set<String> = []
  /// The echoes found mirroring a bridged page's track: a browser's own player of a page, which
  /// clients still reach by name (playerctl lists it after the players).
  package private(set) var bridgedEchoes: Set<String> = []
  /// The new connections without a title, held while a page hands a player over.
  private var held: Set<String> = []

  /// Creates a rule with no page handing anything over.
  package init() {}

  /// Whether a page hands a player over or a bridged page is on the bus: while none is, new
  /// echoes cannot appear.
  package var isHandingOver: Bool { !sources.isEmpty }

  /// Takes `busNames` as the players the web remote's pages hand over now.
  package mutating func handOver(_ busNames: Set<String>) {
    handedOver = busNames
  }

  /// Takes `busNames` as the bridge's players now: pages whose browser may publish them again.
  package mutating func bridge(_ busNames: Set<String>) {
    bridged = busNames
  }

  /// Notes that `busName`, a source, shows `track`.
  ///
  /// - Returns: Whether `track` is new to the rule: then players judged before may mirror it.
  @discardableResult
  package mutating func source(_ busName: String, shows track: Track?) -> Bool {
    guard sources.contains(busName), let track else { return false }
    if let last = handed.last, last.source == busName, last.track == track { return false }
    let isNew = !handed.contains { $0.track == track }
    handed.removeAll { $0.source == busName && $0.track == track }
    handed.append((busName, track))
    if handed.count > Self.rememberedTracks { handed.removeFirst(handed.count - Self.rememberedTracks) }
    return isNew
  }

  /// Judges the connection `owner`, named `busNames`, showing `track` (`nil`: no title); `isNew`
  /// when these are its first properties read. Returns whether it is an echo.
  @discardableResult
  package mutating func judge(owner: String, busNames: [String], track: Track?, isNew: Bool = false) -> Bool {
    var isFound = false
    var isHeld = false
    var ofBridged = false
    if busNames.contains(where: sources.contains) {
      // A source.
    } else if let track {
      let mirrored = handed.filter { !busNames.contains($0.source) && $0.track.isMirrored(by: track) }
      isFound = !mirrored.isEmpty
      ofBridged = mirrored.contains { bridged.contains($0.source) }
    } else if found.contains(owner) {
      isFound = true
      ofBridged = bridgedEchoes.contains(owner)
    } else {
      isHeld = isHandingOver && (isNew || held.contains(owner))
    }
    if isFound { found.insert(owner) } else { found.remove(owner) }
    if isFound && ofBridged { bridgedEchoes.insert(owner) } else { bridgedEchoes.remove(owner) }
    if isHeld { held.insert(owner) } else { held.remove(owner) }
    return isFound || isHeld
  }

  /// Forgets the connection `owner` (it left the bus).
  package mutating func forget(owner: String) {
    found.remove(owner)
    bridgedEchoes.remove(owner)
    held.remove(owner)
  }
}
