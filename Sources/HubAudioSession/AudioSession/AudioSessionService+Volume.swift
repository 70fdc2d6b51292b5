import DBus
import HubCore
import Logging
import PlayerView
import RemoteControlMPRIS
import SoundServer

extension AudioSessionService {
  // MARK: - A player's own volume, through its sound-server streams

  /// What a volume call gets once the session stops: nothing would answer it.
  static let stopping = BusError.failed("the hub's audio session is stopping; ask again once the hub runs")

  /// `StreamVolume(s player) → d` and `SetStreamVolume(s player, d level) → d` on the audio
  /// session's interface: the volume of the player's own streams on the sound server (its sink
  /// inputs, matched as `Matches` says), for players whose MPRIS `Volume` is missing, read-only or
  /// broken. `player` is the player's MPRIS bus name or its connection's unique name; `level` is
  /// the fraction of the server's 100 % (what `pactl` shows as a percent: 0.3 is 30 %), clamped to
  /// 0 … 1; each answers the level now (the loudest of its streams' channels).
  ///
  /// A player with no stream of its own now gets the error
  /// `io.github.swift_remote_control.AudioSession1.Error.NoStream`, whose message says why, as
  /// `remotectl doctor` does; a name that is no player's, `….Error.UnknownPlayer`; a sound server
  /// that does not answer or refuses, `….Error.SoundServer`.
  var streamVolumeMethods: [Interface.Method] {
    [
      Interface.Method("StreamVolume", in: "s", out: "d", inNames: ["player"], outNames: ["level"]) {
        [self] call in
        let player = call.arguments.first?.stringValue ?? ""
        let started = tasks.start { [self] in
          do throws(StreamVolumeError) {
            call.reply([.double(try await streamVolume(of: player))])
          } catch {
            call.fail(error.busError)
          }
        }
        if !started { call.fail(Self.stopping) }
      },
      Interface.Method(
        "SetStreamVolume", in: "sd", out: "d", inNames: ["player", "level"], outNames: ["level"]
      ) { [self] call in
        let player = call.arguments.first?.stringValue ?? ""
        let level = call.arguments.dropFirst().first?.doubleValue ?? .nan
        logger.info("SetStreamVolume by \(call.sender?.rawValue ?? "?")", metadata: ["player": "\(player)"])
        let started = tasks.start { [self] in
          do throws(StreamVolumeError) {
            call.reply([.double(try await setStreamVolume(level, of: player))])
          } catch {
            call.fail(error.busError)
          }
        }
        if !started { call.fail(Self.stopping) }
      },
    ]
  }

  /// Each player (by its first MPRIS bus name) and the volume control that `remotectl volume`
  /// and the web remote drive: `mpris` (it offers a writable `Volume`: present, `CanControl`
  /// true), `streams` (its own streams on the sound server, which the hub matches now), or
  /// `none`, each with a word on why.
  var volumeControls: [(player: String, control: String, detail: String)] {
    let mirrors = hub.view.mirrors.filter(\.isLoaded).sorted { $0.owner.rawValue < $1.owner.rawValue }
    let streams = withPlayerStreams { playerStreams, _ in
      mirrors.map { playerStreams.streams(of: $0.owner.rawValue) }
    }
    return zip(mirrors, streams).map { mirror, streams in
      let name = mirror.busNames.first?.rawValue ?? mirror.owner.rawValue
      let volume = mirror[player: .volume]?.doubleValue
      if PlayerProperty.offersWritableVolume(
        volume: volume, canControl: mirror[player: .canControl]?.boolValue)
      {
        return (name, "mpris", "its MPRIS Volume")
      }
      let why = volume == nil ? "it has no MPRIS Volume" : "its MPRIS Volume is read-only"
      if streams.isEmpty {
        return (name, "none", "\(why), and it has no stream of its own on the sound server now")
      }
      return (
        name, "streams",
        "\(why): its own stream\(streams.count == 1 ? "" : "s") on the sound server ("
          + streams.map { "#\($0)" }.joined(separator: ", ") + ")"
      )
    }
  }

  /// The level of the player's own streams now: the loudest of their channels, as a fraction
  /// of the server's 100 %.
  func streamVolume(of player: String) async throws(StreamVolumeError) -> Double {
    let (name, streams) = try matchedStreams(of: player)
    do {
      return try await StreamVolumeControl(server: options.server).volumes(of: streams).map(\.level).max()
        ?? 0
    } catch {
      throw Self.streamVolumeError(error, name: name)
    }
  }

  /// Sets the player's own streams to `level` (a fraction of the server's 100 %, clamped to
  /// 0 … 1), each keeping its channels' balance; returns the level set.
  func setStreamVolume(_ level: Double, of player: String) async throws(StreamVolumeError) -> Double {
    guard level.isFinite else {
      throw StreamVolumeError(.soundServer, "the level \(level) is not a number from 0 to 1")
    }
    let (name, streams) = try matchedStreams(of: player)
    do {
      let set = try await StreamVolumeControl(server: options.server).setLevel(level, of: streams)
      logger.debug(
        "set a player's stream volume",
        metadata: ["player": "\(name)", "streams": "\(set.map(\.index))", "level": "\(level)"])
      return set.map(\.level).max() ?? 0
    } catch {
      throw Self.streamVolumeError(error, name: name)
    }
  }

  /// The player named `player` (an MPRIS bus name or a unique name) and its streams now, lowest
  /// index first; throws why it has none, as doctor says it.
  func matchedStreams(of player: String) throws(StreamVolumeError) -> (name: String, streams: [UInt32]) {
    guard let busName = BusName(rawValue: player),
      let mirror = hub.view.mirror(named: busName) ?? hub.view.mirror(of: busName)
    else {
      throw StreamVolumeError(.unknownPlayer, "no player has the bus name \"\(player)\"")
    }
    let owner = mirror.owner.rawValue
    let name = mirror.busNames.first?.rawValue ?? owner
    let (streams, report) = withPlayerStreams { playerStreams, watchesServer in
      (
        playerStreams.streams(of: owner),
        playerStreams.reports(for: [(owner, mirror.isPlaying)], watchesServer: watchesServer).first
      )
    }
    guard streams.isEmpty else { return (name, streams) }
    let why =
      switch report?.how {
      case "unmatched"?: report?.detail ?? "the hub does not match it to a stream"
      case nil: "the hub does not match it to a stream"
      // Matched once: its stream has ended since.
      default: "its stream has ended (it plays nothing now)"
      }
    throw StreamVolumeError(.noStream, "\(name) has no stream of its own on the sound server: \(why)")
  }

  private static func streamVolumeError(_ error: SoundServerError, name: String) -> StreamVolumeError {
    switch error.code {
    case .noSuchStream:
      StreamVolumeError(
        .noStream,
        "\(name) has no stream of its own on the sound server: its stream has ended (it plays nothing now)")
    case .unavailable, .disconnected, .refused:
      StreamVolumeError(.soundServer, "\(name)'s streams: \(error.description)")
    }
  }
}
