import AudioSessionArbiter
import HubCore
import HubSupport

/// What the hub does as the audio session's arbiter: whether calls interrupt the players,
/// whether a lost output pauses them, which stream roles are calls, whether the system's sleep
/// pauses them, whether one plays at a time, and which sound server it watches.
package struct AudioSessionOptions: Sendable, Hashable {
  /// Whether a call (or `remotectl interrupt begin`) interrupts the playing players.
  package var interruptsOnCalls = true
  /// Whether a lost output (a sink gone, headphones unplugged) pauses the players on it.
  package var pausesOnRouteLoss = true
  /// The `media.role` values that make a stream a call.
  package var callRoles: Set<String> = ["phone", "communication"]
  /// Whether the system's sleep pauses the playing players (a playing player holding it off
  /// with a logind delay inhibitor until they are paused).
  package var pausesForSleep = true
  /// Whether one player plays at a time: one that starts pauses the one playing.
  package var isExclusive = false
  /// The sound server's address; `nil` for libpulse's default (which honours `PULSE_SERVER`).
  package var server: String?

  package init(
    interruptsOnCalls: Bool = true, pausesOnRouteLoss: Bool = true,
    callRoles: Set<String> = ["phone", "communication"],
    pausesForSleep: Bool = true, isExclusive: Bool = false, server: String? = nil
  ) {
    self.interruptsOnCalls = interruptsOnCalls
    self.pausesOnRouteLoss = pausesOnRouteLoss
    self.callRoles = callRoles
    self.pausesForSleep = pausesForSleep
    self.isExclusive = isExclusive
    self.server = server
  }

  /// The arbiter's configuration.
  var arbiterConfiguration: SessionArbiter.Configuration {
    SessionArbiter.Configuration(
      interruptsOnCalls: interruptsOnCalls, pausesOnRouteLoss: pausesOnRouteLoss, callRoles: callRoles,
      pausesForSleep: pausesForSleep, isExclusive: isExclusive)
  }

  /// The roles of a comma-separated list (`phone,communication`), blanks left out.
  package static func roles(in list: String) -> Set<String> {
    Set(list.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty })
  }
}
