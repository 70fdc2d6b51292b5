import SoundTestSupport
import Testing

/// Where and when a real player runs: on which sound server, and whether the hub was there
/// before the player or came after it (as D-Bus activation, a restart or an upgrade starts it).
struct Arrangement: Sendable, CustomTestStringConvertible {
  /// When the hub starts.
  enum HubStart: String, Sendable, CaseIterable {
    case beforePlayer = "hub first"
    case afterPlayer = "hub after the player"
  }

  let server: SoundServerUnderTest.Kind
  let hub: HubStart

  var testDescription: String { "\(server == .pulseAudio ? "PulseAudio" : "PipeWire"), \(hub.rawValue)" }

  /// Every sound server installed, with the hub started before and after the player.
  static var all: [Arrangement] {
    SoundServerUnderTest.Kind.available.flatMap { server in
      HubStart.allCases.map { Arrangement(server: server, hub: $0) }
    }
  }
}
