import FoundationEssentials
import HubSupport

/// The presets the user liked, kept across restarts in one file: one preset identifier a line,
/// at `$XDG_DATA_HOME/binaural/favourites` (`~/.local/share/binaural/favourites` when
/// `XDG_DATA_HOME` is unset, as the XDG Base Directory specification says).
struct Favourites: Sendable, Hashable {
  /// The file they are kept in; `nil` when neither `XDG_DATA_HOME` nor `HOME` is set, and then
  /// they last as long as the process.
  let file: URL?
  /// The identifiers of the liked presets.
  private(set) var presetIDs: Set<String>

  /// The favourites kept in the file the environment names (none when it does not exist yet).
  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    file = URL(fileURLWithPath: BaseDirectory.data.path(in: environment)).appendingPathComponent(
      "binaural/favourites")
    let text = file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    presetIDs = Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
  }

  /// Whether the preset is liked.
  func contains(_ presetID: String) -> Bool { presetIDs.contains(presetID) }

  /// Likes the preset, or takes the like back, and writes the file.
  ///
  /// - Throws: What stopped the file from being written; the change stands for this run.
  mutating func set(_ presetID: String, liked: Bool) throws {
    if liked { presetIDs.insert(presetID) } else { presetIDs.remove(presetID) }
    guard let file else { return }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try presetIDs.sorted().map { $0 + "\n" }.joined().write(to: file, atomically: true, encoding: .utf8)
  }
}
