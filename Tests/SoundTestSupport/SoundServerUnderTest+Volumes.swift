import BusTestSupport
import Foundation

/// A playback stream's volume as `pactl -f json list sink-inputs` shows it.
package struct SinkInputVolume: Sendable, Hashable {
  /// The stream's index.
  package var index: UInt32
  /// Its `application.process.id`, when it set one.
  package var processID: Int32?
  /// Its `application.name`, when it set one.
  package var applicationName: String?
  /// Each channel's raw `pa_volume_t`, by channel name (`front-left`).
  package var values: [String: UInt32]
  /// Each channel's volume as pactl prints it (`30%`), by channel name.
  package var percents: [String: String]
  /// Whether the stream is muted (`Mute: yes`).
  package var isMuted: Bool = false
}

extension SoundServerUnderTest {
  /// `PA_VOLUME_NORM`: 100 %.
  package static let volumeNorm: UInt32 = 0x10000

  /// Every playback stream and its volume, read with `pactl -f json list sink-inputs`.
  package func sinkInputVolumes() async throws -> [SinkInputVolume] {
    let text = try await pactl("-f", "json", "list", "sink-inputs")
    guard let streams = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
      throw TestFailure("pactl's JSON is not a list of sink inputs: \(text)")
    }
    return try streams.map { stream in
      guard let index = (stream["index"] as? NSNumber)?.uint32Value,
        let volume = stream["volume"] as? [String: [String: Any]]
      else { throw TestFailure("a sink input without index or volume in pactl's JSON: \(stream)") }
      let properties = stream["properties"] as? [String: String] ?? [:]
      return SinkInputVolume(
        index: index, processID: properties["application.process.id"].flatMap { Int32($0) },
        applicationName: properties["application.name"],
        values: volume.compactMapValues { ($0["value"] as? NSNumber)?.uint32Value },
        percents: volume.compactMapValues { $0["value_percent"] as? String },
        isMuted: (stream["mute"] as? Bool) ?? false)
    }
  }
}
