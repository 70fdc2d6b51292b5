import HubCore
import Logging
import SoundServer

/// Silences a player's streams on the sound server for a while, and gives back exactly what it
/// took: the AirPlay part's hand on a player the audio session cannot pause (AirPlay to this
/// computer, whose sender is a phone the hub cannot reach; ``AirPlayReceivers``), as ``SessionArbiter``'s
/// ``SessionArbiter/Action/silence(owner:)`` and ``SessionArbiter/Action/restoreSound(owner:)``
/// say. A stream is silenced by muting it (`pa_context_set_sink_input_mute`, what `pactl
/// set-sink-input-mute` does): a sound server cannot cork another program's stream, only ask it
/// to (`module-role-cork`'s cork request), which shairport-sync does not honour.
///
/// Only streams that were not muted when the silence began are muted, and only those are
/// unmuted after: a stream its user muted stays muted. A stream that appears while its player is
/// silenced is silenced when the hub hands it over (``silence(_:of:done:)`` again, with the new
/// stream), and given back after even if it came muted: the sound server's memory of streams
/// (PulseAudio's `module-stream-restore`, WirePlumber's restore-stream) saves the mute the hub
/// set under the program's name, and starts the program's next stream muted. For the same reason,
/// when a stream the hub muted ended before its sound was given back (the phone's session ended
/// while silenced), the player's next stream is unmuted when it comes (``streamsAppeared(_:of:)``),
/// once, if it came muted. That memory is also
/// why a hub that ends without giving the sound back (killed) leaves the program's next streams
/// muted until someone unmutes them; a hub that stops gives it back first (``finish()``).
///
/// shairport-sync 4.x offers `org.gnome.ShairportSync.RemoteControl.DropSession`, which ends the
/// sender's session from this side; where it is present, ending the session would be the better
/// hand for a lost output or a sleep. Debian's 3.3.8, which the hub is tested with, has none
/// (its binary's introspection lists no such method), so muting is what the hub does.
///
/// Requests are carried out one after another, in the order given, by ``run()``: a silence and
/// the restore that follows it cannot cross on their way to the server. Each request connects
/// to the server on a thread of its own (``StreamVolumeControl``); no lock is held across it.
final class StreamSilencer: Sendable {
  private enum Request: Sendable {
    case silence(owner: String, streams: [UInt32], done: (@Sendable () -> Void)?)
    case restore(owner: String, done: (@Sendable () -> Void)?)
    case appeared(owner: String, streams: [UInt32])
    case forgetStreams
    case restoreAll
  }

  private let control: StreamVolumeControl
  private let logger: Logger
  private let requests: AsyncStream<Request>
  private let continuation: AsyncStream<Request>.Continuation

  /// A silencer of `server`'s streams (the default server when `nil`); nothing happens until
  /// ``run()``.
  package init(server: String?, logger: Logger) {
    control = StreamVolumeControl(server: server, applicationName: "remotectld")
    self.logger = logger
    (requests, continuation) = AsyncStream.makeStream(of: Request.self)
  }

  /// Mutes `streams` of `owner` that are not muted and were not seen yet; `done` runs once the
  /// server answered (or failed to), on ``run()``'s task.
  func silence(_ streams: [UInt32], of owner: String, done: (@Sendable () -> Void)? = nil) {
    continuation.yield(.silence(owner: owner, streams: streams, done: done))
  }

  /// Unmutes the streams of `owner` that the silencer muted and that are still there; `done`
  /// runs once the server answered (or failed to), on ``run()``'s task.
  func restore(_ owner: String, done: (@Sendable () -> Void)? = nil) {
    continuation.yield(.restore(owner: owner, done: done))
  }

  /// The streams of `owner`, a player not silenced now, appeared or changed: if a stream the
  /// silencer muted ended before its sound was given back, the first of them that is newer is
  /// unmuted, if it came muted (the sound server remembered the mute).
  func streamsAppeared(_ streams: [UInt32], of owner: String) {
    continuation.yield(.appeared(owner: owner, streams: streams))
  }

  /// The sound server went away with its streams: the next one numbers its own from the start.
  func forgetStreams() {
    continuation.yield(.forgetStreams)
  }

  /// Gives back every stream muted, then ends ``run()``: the hub stops, and leaves no stream
  /// muted behind it.
  func finish() {
    continuation.yield(.restoreAll)
    continuation.finish()
  }

  /// Carries out the requests in order until ``finish()``.
  package func run() async {
    /// The streams muted by the silencer, by player.
    var muted: [String: Set<UInt32>] = [:]
    /// The streams handled already (muted by the silencer, or found muted), by player.
    var seen: [String: Set<UInt32>] = [:]
    /// The players whose muted stream ended before its sound was given back, with the newest
    /// such stream: the server starts their next one muted.
    var owed: [String: UInt32] = [:]
    for await request in requests {
      switch request {
      case .silence(let owner, let streams, let done):
        // Those there when the silence begins that are muted are their user's; those that come
        // later muted are the sound server's memory of the hub's mute.
        let isFirst = seen[owner] == nil
        let new = streams.filter { !(seen[owner]?.contains($0) ?? false) }
        seen[owner, default: []].formUnion(new)
        if !new.isEmpty {
          let changed = await set(true, new, of: owner)
          muted[owner, default: []].formUnion(isFirst ? changed : new)
        }
        done?()
      case .restore(let owner, let done):
        let streams = muted.removeValue(forKey: owner) ?? []
        seen[owner] = nil
        if !streams.isEmpty {
          let changed = await set(false, streams.sorted(), of: owner)
          if changed.count < streams.count, let newest = streams.max() { owed[owner] = newest }
        }
        done?()
      case .appeared(let owner, let streams):
        guard let newest = owed[owner] else { continue }
        let newer = streams.filter { $0 > newest }
        guard !newer.isEmpty else { continue }
        owed[owner] = nil
        _ = await set(false, newer, of: owner)
      case .forgetStreams:
        muted = [:]
        seen = [:]
        owed = [:]
      case .restoreAll:
        for (owner, streams) in muted.sorted(by: { $0.key < $1.key }) {
          _ = await set(false, streams.sorted(), of: owner)
        }
        muted = [:]
        seen = [:]
      }
    }
  }

  /// Mutes or unmutes `streams`; the indices changed. A stream gone meanwhile is no error (its
  /// player went with it); a server that refuses or is not there is logged.
  private func set(_ isMuted: Bool, _ streams: [UInt32], of owner: String) async -> [UInt32] {
    do {
      let changed = try await control.setMuted(isMuted, of: streams).map(\.index)
      logger.info(
        isMuted ? "silenced a player's streams" : "gave a player's streams their sound back",
        metadata: ["player": "\(owner)", "streams": "\(changed)"])
      return changed
    } catch {
      let level: Logger.Level = error.code == .noSuchStream ? .debug : .warning
      logger.log(
        level: level,
        isMuted ? "could not silence a player's streams" : "could not unmute a player's streams",
        metadata: ["player": "\(owner)", "streams": "\(streams)", "error": "\(error.description)"])
      return []
    }
  }
}
