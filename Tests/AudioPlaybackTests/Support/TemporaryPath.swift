import Foundation

/// A fresh path in the temporary folder, ending in `name`.
func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("audio-tests-\(UUID().uuidString.prefix(8))-\(name)").path
}
