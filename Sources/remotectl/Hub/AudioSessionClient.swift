internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// The hub's audio session as remotectl talks to it: `io.github.swift_remote_control.AudioSession1`
/// at `/org/mpris/MediaPlayer2`, beside the hub's interface.
struct AudioSessionClient: Sendable {
  /// The interruption under way and the players the hub cannot match to a stream.
  struct Status: Sendable {
    var isInterrupting = false
    var interrupted: [String] = []
    var willResume: [String] = []
    /// The remote players (AirPlay) whose streams the hub mutes now.
    var silenced: [String] = []
    /// Players not matched to a sound-server stream, with the reason.
    var unmatched: [(player: String, reason: String)] = []
    /// Every player, how the hub matches it to its streams (`process`, `descendant process`,
    /// `Flatpak app id`, `heuristic`, `unmatched`) and the evidence or why there is none; empty
    /// from a hub that does not say.
    var matches: [(player: String, how: String, detail: String)] = []
    /// Every player, the volume control `volume` and the web remote drive (`mpris`, `streams`,
    /// `none`) and why; empty from a hub that does not say.
    var volumeControls: [(player: String, control: String, detail: String)] = []
    /// Why the hub does not watch the sound server; empty while it does.
    var soundServer = ""
    /// Whether the system's sleep pauses the players; `nil` from a hub that does not say.
    var pausesForSleep: Bool?
    /// Why the hub does not follow logind's sleep; empty while it does.
    var logind = ""
    /// Whether one player plays at a time; `nil` from a hub that does not say.
    var isExclusive: Bool?

    /// One line saying whether players may play together, `nil` from a hub that does not say.
    var exclusiveLine: String? {
      isExclusive.map {
        $0
          ? "One player plays at a time: the one that starts pauses the one playing"
          : "Players may play together"
      }
    }

    /// One line saying what the system's sleep does to the players, `nil` from a hub that does
    /// not say.
    var sleepLine: String? {
      guard let pausesForSleep else { return nil }
      guard pausesForSleep else { return "Sleep pauses nothing (pause-for-sleep is off)" }
      guard logind.isEmpty else { return "Sleep pauses nothing: \(logind)" }
      return "Sleep pauses the playing players (held off by logind while a player plays)"
    }

    /// One line a player saying which volume control `remotectl volume` and the web remote
    /// drive: its MPRIS `Volume`, or its own streams on the sound server.
    var volumeLines: [String] {
      volumeControls.map { player, control, detail in
        let name = HubState.instance(player)
        switch control {
        case "mpris": return "Volume of \(name): its MPRIS Volume"
        case "streams": return "Volume of \(name): the sound server's streams (\(detail))"
        default: return "Volume of \(name): none (\(detail))"
        }
      }
    }

    /// One line naming the remote players (AirPlay) the hub silences now, `nil` when none.
    var silencedLine: String? {
      silenced.isEmpty
        ? nil
        : "Silenced (AirPlay; the sender cannot be paused from here): "
          + silenced.map(HubState.instance).joined(separator: ", ")
    }

    /// One line saying whether an interruption is under way and whom it will resume.
    var interruptionLine: String {
      guard isInterrupting else { return "No interruption under way" }
      let names = interrupted.map(HubState.instance)
      let resumed = willResume.map(HubState.instance)
      return "Interruption under way: interrupted "
        + (names.isEmpty ? "nothing" : names.joined(separator: ", ")) + "; its end resumes "
        + (resumed.isEmpty ? "nothing" : resumed.joined(separator: ", "))
    }
  }

  let connection: Connection

  /// A client on `session`'s connection.
  init(session: BusSession) {
    connection = session.bus.connection
  }

  /// `BeginInterruption()` (`begin` true) or `EndInterruption()`.
  func interrupt(begin: Bool) async throws(ControlError) {
    let member = begin ? AudioSession1.Method.beginInterruption : AudioSession1.Method.endInterruption
    do {
      _ = try await connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: AudioSession1.interface,
        member: member,
        timeout: .seconds(5))
    } catch {
      switch error.name.rawValue {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        throw HubClient.notRunning
      default:
        throw ControlError("The Now Playing hub did not answer \(member): \(error.message)")
      }
    }
  }

  /// The audio session's status, `nil` when the hub does not serve it.
  func status(timeout: Duration = .seconds(5)) async -> Status? {
    // Expected: an error is a hub without the audio session (an older one), which the doctor
    // then leaves out.
    guard
      let reply = try? await connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: StandardInterface.properties,
        member: "GetAll", arguments: [.string(AudioSession1.interface)], timeout: timeout),
      case .dictionary(_, _, let entries)? = reply.first
    else { return nil }
    var status = Status()
    for entry in entries {
      let value = entry.value.unwrappingVariants
      let strings = (value.arrayElements ?? []).compactMap(\.stringValue)
      switch entry.key.stringValue {
      case AudioSession1.Property.interrupting: status.isInterrupting = value.boolValue ?? false
      case AudioSession1.Property.interrupted: status.interrupted = strings
      case AudioSession1.Property.willResume: status.willResume = strings
      case AudioSession1.Property.silenced: status.silenced = strings
      case AudioSession1.Property.soundServer: status.soundServer = value.stringValue ?? ""
      case AudioSession1.Property.pausesForSleep: status.pausesForSleep = value.boolValue
      case AudioSession1.Property.logind: status.logind = value.stringValue ?? ""
      case AudioSession1.Property.exclusive: status.isExclusive = value.boolValue
      case AudioSession1.Property.unmatched:
        status.unmatched = (value.arrayElements ?? []).compactMap { element in
          guard case .structure(let fields) = element, fields.count == 2, let player = fields[0].stringValue,
            let reason = fields[1].stringValue
          else { return nil }
          return (player, reason)
        }
      case AudioSession1.Property.volumeControls:
        status.volumeControls = (value.arrayElements ?? []).compactMap { element in
          guard case .structure(let fields) = element, fields.count == 3, let player = fields[0].stringValue,
            let control = fields[1].stringValue, let detail = fields[2].stringValue
          else { return nil }
          return (player, control, detail)
        }
      case AudioSession1.Property.matches:
        status.matches = (value.arrayElements ?? []).compactMap { element in
          guard case .structure(let fields) = element, fields.count == 3, let player = fields[0].stringValue,
            let how = fields[1].stringValue, let detail = fields[2].stringValue
          else { return nil }
          return (player, how, detail)
        }
      default: break
      }
    }
    return status
  }
}
