import AudioSessionArbiter
package import DBus
import HubAPI
import HubCore
import Logging
import PlayerView

extension AudioSessionService {
  // MARK: - The audio session's interface

  /// `io.github.swift_remote_control.AudioSession1` at `/org/mpris/MediaPlayer2`, on the hub's
  /// bus name, for `remotectl interrupt`, `remotectl hub` and `remotectl doctor`:
  ///
  /// - `BeginInterruption()`, `EndInterruption()`: an interruption asked for by a program whose
  ///   calls the sound server cannot tell (a VoIP program, a script); it lasts until ended, or
  ///   until every call has ended too.
  /// - `Interrupting` (`b`, announced): whether an interruption is under way.
  /// - `Interrupted` (`as`, announced): the players it interrupted, by bus name, in order.
  /// - `WillResume` (`as`, announced): those that its end will resume: the hub paused them and
  ///   nobody pressed play or pause on them since.
  /// - `Silenced` (`as`, announced): the remote players (``RemotePlayers``: their sender is
  ///   elsewhere) the hub silences now, for a call, or until their sender's next session.
  /// - `Unmatched` (`a(ss)`, not announced): players the hub cannot match to a sound-server
  ///   stream by process, and why.
  /// - `Matches` (`a(sss)`, not announced): every player, how the hub matches it to its
  ///   sound-server streams (`process`, `descendant process`, `Flatpak app id`, `heuristic`, or
  ///   `unmatched`), and the evidence or why there is none.
  /// - `SoundServer` (`s`, not announced): empty while the hub watches the sound server, else why
  ///   it does not.
  /// - `PausesForSleep` (`b`, not announced): whether the system's sleep pauses the players.
  /// - `Exclusive` (`b`, not announced): whether one player plays at a time.
  /// - `Logind` (`s`, not announced): empty while the hub follows logind's sleep (or sleep pauses
  ///   nothing), else why it does not: no system bus, or no logind on it.
  /// - `VolumeControls` (`a(sss)`, not announced): every player, the volume control that
  ///   `remotectl volume` and the web remote drive (`mpris`, `streams` or `none`), and why.
  /// - `StreamVolume(s player) → d`, `SetStreamVolume(s player, d level) → d`: the volume of a
  ///   player's own sound-server streams (``streamVolumeMethods``).
  package var interface: Interface {
    Interface(
      name: AudioSession1.interface,
      methods: [
        Interface.Method(AudioSession1.Method.beginInterruption) { [self] call in
          logger.info("BeginInterruption by \(call.sender?.rawValue ?? "?")")
          request(begin: true)
          call.reply()
        },
        Interface.Method(AudioSession1.Method.endInterruption) { [self] call in
          logger.info("EndInterruption by \(call.sender?.rawValue ?? "?")")
          request(begin: false)
          call.reply()
        },
      ] + streamVolumeMethods,
      properties: [
        Interface.Property(AudioSession1.Property.interrupting, "b") { [self] in .bool(interruption != nil) },
        Interface.Property(AudioSession1.Property.interrupted, "as") { [self] in
          .strings((interruption?.interrupted ?? []).map(busName))
        },
        Interface.Property(AudioSession1.Property.willResume, "as") { [self] in
          .strings((interruption?.willResume ?? []).map(busName))
        },
        Interface.Property(AudioSession1.Property.silenced, "as") { [self] in
          .strings(silenced.map(busName))
        },
        Interface.Property(AudioSession1.Property.unmatched, "a(ss)", change: .none) { [self] in
          .array(
            elementSignature: "(ss)",
            unmatched.map { .structure([.string(busName($0.owner)), .string($0.reason)]) })
        },
        Interface.Property(AudioSession1.Property.matches, "a(sss)", change: .none) { [self] in
          .array(
            elementSignature: "(sss)",
            matches.map { .structure([.string(busName($0.owner)), .string($0.how), .string($0.detail)]) })
        },
        Interface.Property(AudioSession1.Property.volumeControls, "a(sss)", change: .none) { [self] in
          .array(
            elementSignature: "(sss)",
            volumeControls.map { .structure([.string($0.player), .string($0.control), .string($0.detail)]) })
        },
        Interface.Property(AudioSession1.Property.soundServer, "s", change: .none) { [self] in
          .string(soundServerProblem ?? "")
        },
        Interface.Property(AudioSession1.Property.pausesForSleep, "b", change: .none) { [self] in
          .bool(options.pausesForSleep)
        },
        Interface.Property(AudioSession1.Property.exclusive, "b", change: .none) { [self] in
          .bool(options.isExclusive)
        },
        Interface.Property(AudioSession1.Property.logind, "s", change: .none) { [self] in
          .string(logindProblem ?? "")
        },
      ])
  }

  /// The player's first MPRIS bus name, else its unique name.
  package func busName(_ owner: String) -> String {
    BusName(rawValue: owner).flatMap { hub.view.mirror(of: $0)?.busNames.first?.rawValue } ?? owner
  }

  /// Announces a change of the silenced remote players on the audio session's interface.
  func announceSilenced() {
    do {
      try hub.connection.emitPropertiesChanged(
        path: HubAddress.path, interface: AudioSession1.interface,
        properties: [AudioSession1.Property.silenced])
    } catch {
      logger.error("could not announce the silenced players", metadata: ["error": "\(error)"])
    }
  }

  /// Announces a change of the interruption on the audio session's interface.
  func announceInterruption() {
    do {
      try hub.connection.emitPropertiesChanged(
        path: HubAddress.path, interface: AudioSession1.interface,
        properties: ["Interrupting", "Interrupted", "WillResume"])
    } catch {
      logger.error("could not announce the interruption", metadata: ["error": "\(error)"])
    }
  }
}
