/// How a stream was found to belong to a player, best first, as `remotectl doctor` reports it.
package struct StreamMatch: Sendable, Hashable, CustomStringConvertible {
  /// The kind of evidence, strongest first.
  package enum Kind: Int, Sendable, Hashable, Comparable {
    /// The stream's process is the player's own.
    case process
    /// The stream's process descends from the player's (a browser's audio service, an
    /// Electron app's helper).
    case descendantProcess
    /// Both run in the same Flatpak app: PipeWire's `pipewire.access.portal.app_id`, or, on
    /// PulseAudio, the stream's process found in the sandbox through `NSpid`.
    case flatpakApp
    /// Only the names agree: the player's `DesktopEntry` is the stream's `application.id` or
    /// `application.icon_name`. A guess.
    case heuristic

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kind in a word or two, as doctor shows it.
    package var name: String {
      switch self {
      case .process: "process"
      case .descendantProcess: "descendant process"
      case .flatpakApp: "Flatpak app id"
      case .heuristic: "heuristic"
      }
    }
  }

  /// The kind of evidence.
  package var kind: Kind
  /// How many parents up the player's process is from the stream's (0 unless
  /// ``Kind/descendantProcess``).
  package var generations: Int
  /// The evidence in words.
  package var detail: String

  /// A match of `kind`, `generations` up, with `detail`.
  package init(_ kind: Kind, generations: Int = 0, detail: String) {
    self.kind = kind
    self.generations = generations
    self.detail = detail
  }

  /// Whether `self` is stronger evidence than `other`: a better kind, or a closer parent.
  package func isStronger(than other: StreamMatch) -> Bool {
    (kind, generations) < (other.kind, other.generations)
  }

  /// The kind and its evidence.
  package var description: String { "\(kind.name): \(detail)" }
}
