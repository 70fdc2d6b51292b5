import Foundation
import RemoteControl
import Synchronization

/// Values appended on the main actor, in order: what a command target or observer saw.
@MainActor
final class Log<Value> {
  private(set) var values: [Value] = []

  func append(_ value: Value) { values.append(value) }
}

/// Values appended from any thread, in order: what a Now Playing observer saw.
final class SendableLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }

  var values: [Value] { storage.withLock { $0 } }
}

/// A responder that may become the first responder and keeps the default
/// `remoteControlReceived(with:)`.
@MainActor
final class FocusableResponder: Responder {
  override var canBecomeFirstResponder: Bool { true }
}

/// A first responder that refuses to resign.
@MainActor
final class StubbornResponder: Responder {
  override var canBecomeFirstResponder: Bool { true }
  override var canResignFirstResponder: Bool { false }
}

/// An application that handles every event itself and records it.
@MainActor
final class HandlingApplication: Application {
  var receivedCommands: [RemoteControlEvent.Command] = []

  override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    receivedCommands.append(event.command)
    return true
  }
}

/// A new, empty directory under the temporary directory; removed when `body` returns.
func withTemporaryDirectory<Result>(
  _ body: (URL) async throws -> Result
) async rethrows -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("RemoteControlTests-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// The names of the files in a directory, sorted; empty when it does not exist.
func fileNames(in directory: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
