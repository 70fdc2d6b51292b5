import AudioSessionArbiter
import HubCore
import HubSupport

/// What the hub does as the audio session's arbiter: whether calls interrupt the players,
/// whether a lost output pauses them, which stream roles are calls, whether the system's sleep
/// pauses them, whether one plays at a time, and which sound server it watches.
struct AudioSessionOptions: Sendable, Hashable {
  /// Whether a call (or `remotectl interrupt begin`) interrupts the playing players.
  var interruptsOnCalls = true
  /// Whether a lost output (a sink gone, headphones unplugged) pauses the players on it.
  var pausesOnRouteLoss = true
  /// The `media.role` values that make a stream a call.
  var callRoles: Set<String> = ["phone", "communication"]
  /// Whether the system's sleep pauses the playing players (a playing player holding it off
  /// with a logind delay inhibitor until they are paused).
  var pausesForSleep = true
  /// Whether one player plays at a time: one that starts pauses the one playing.
  var isExclusive = false
  /// The sound server's address; `nil` for libpulse's default (which honours `PULSE_SERVER`).
  var server: String?

  /// The arbiter's configuration.
  var arbiterConfiguration: SessionArbiter.Configuration {
    SessionArbiter.Configuration(
      interruptsOnCalls: interruptsOnCalls, pausesOnRouteLoss: pausesOnRouteLoss, callRoles: callRoles,
      pausesForSleep: pausesForSleep, isExclusive: isExclusive)
  }

  /// The roles of a comma-separated list (`phone,communication`), blanks left out.
  static func roles(in list: String) -> Set<String> {
    Set(list.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty })
  }
}
