import Foundation

/// The outcome of running a command-line tool.
struct ToolResult: Sendable {
  var status: Int32
  var output: String
  var error: String
}

/// Runs a tool we did not write (busctl, gdbus, python3) and collects its output, without
/// blocking a cooperative thread while it runs.
func runTool(_ path: String, _ arguments: [String]) async throws -> ToolResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  return try await withCheckedThrowingContinuation { continuation in
    process.terminationHandler = { process in
      let out = output.fileHandleForReading.readDataToEndOfFile()
      let err = error.fileHandleForReading.readDataToEndOfFile()
      continuation.resume(
        returning: ToolResult(
          status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
          error: String(decoding: err, as: UTF8.self)))
    }
    do { try process.run() } catch { continuation.resume(throwing: error) }
  }
}

/// `busctl --address=… -- ARGS` (after `--`, negative numbers are arguments, not options).
func busctl(_ bus: PrivateBus, _ arguments: String...) async throws -> ToolResult {
  try await runTool("/usr/bin/busctl", ["--address=\(bus.address)", "--"] + arguments)
}

/// `gdbus ARGS --address …` (the address goes after the subcommand).
func gdbus(_ bus: PrivateBus, _ command: String, _ arguments: String...) async throws -> ToolResult
{
  try await runTool("/usr/bin/gdbus", [command, "--address", bus.address] + arguments)
}

/// Runs a python3-dbus script with the bus address as its first argument.
func python(_ bus: PrivateBus, _ script: String) async throws -> ToolResult {
  try await runTool("/usr/bin/python3", ["-c", script, bus.address])
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(
  within timeout: Duration = .seconds(5), _ condition: @Sendable () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return await condition()
}
