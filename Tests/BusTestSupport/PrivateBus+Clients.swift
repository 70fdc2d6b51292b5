/// The clients we did not write, run on a private bus: playerctl, busctl, gdbus and python3
/// with python3-dbus.
extension PrivateBus {
  /// Debian's python3, which has the `dbus` module (a python3 earlier on PATH, pyenv's say, may
  /// lack it).
  package static let python3 = "/usr/bin/python3"

  /// Runs `playerctl ARGUMENTS` on this bus.
  @discardableResult
  package func playerctl(_ arguments: [String]) async throws -> ClientResult {
    try await run("playerctl", arguments)
  }

  /// Runs `playerctl ARGUMENTS` on this bus.
  @discardableResult
  package func playerctl(_ arguments: String...) async throws -> ClientResult {
    try await playerctl(arguments)
  }

  /// Runs `busctl --address=ADDRESS -- ARGUMENTS` (after `--`, negative numbers are arguments,
  /// not options).
  @discardableResult
  package func busctl(_ arguments: String...) async throws -> ClientResult {
    try await busctl(arguments)
  }

  /// Runs `busctl --address=ADDRESS -- ARGUMENTS`.
  @discardableResult
  package func busctl(_ arguments: [String]) async throws -> ClientResult {
    try await run("busctl", ["--address=\(address)", "--"] + arguments)
  }

  /// Runs `gdbus COMMAND --address ADDRESS ARGUMENTS` (the address goes after the command).
  @discardableResult
  package func gdbus(_ command: String, _ arguments: String...) async throws -> ClientResult {
    try await gdbus(command, arguments)
  }

  /// Runs `gdbus COMMAND --address ADDRESS ARGUMENTS`.
  @discardableResult
  package func gdbus(_ command: String, _ arguments: [String]) async throws -> ClientResult {
    try await run("gdbus", [command, "--address", address] + arguments)
  }

  /// Runs a python3-dbus script with the bus address as its first argument, `arguments` after it.
  package func python(_ script: String, _ arguments: [String] = []) async throws -> ClientResult {
    try await run(Self.python3, ["-c", script, address] + arguments)
  }

  // MARK: - Waiting for what a test compares

  /// Runs `playerctl ARGUMENTS` until it prints `expected` (and a newline), at most `timeout`:
  /// for a state a player takes on a moment after it has answered. A property written
  /// (Volume, LoopStatus, Shuffle) is a request the player carries out after the write has been
  /// answered; a method call (Play, Next, SetPosition) is answered once it has been carried out
  /// and needs no waiting.
  ///
  /// - Throws: ``TestFailure`` with the last output when it never prints `expected`.
  package func waitUntil(
    playerctl arguments: [String], prints expected: String, within timeout: Duration = .seconds(10)
  )
    async throws
  {
    var last: ClientResult?
    do {
      try await eventually(
        "playerctl \(arguments.joined(separator: " ")) to print \(expected)", within: timeout
      ) {
        let result = try await playerctl(arguments)
        last = result
        return result.output == expected + "\n"
      }
    } catch {
      throw TestFailure("\(error); last: \(last.map(\.description) ?? "none")")
    }
  }

  /// Returns once the MPRIS player `player` (`binaural`, `mpv`, `binaural.instance42`: the
  /// name playerctl's `--player` takes) owns its bus name *and* has published what clients
  /// read: a title in its Metadata and, when given, `status` as its PlaybackStatus.
  ///
  /// A player may take its name before it has loaded what it plays (mpv with mpv-mpris does):
  /// a client that asks at once reads an empty Metadata. The name is awaited through its
  /// signal, the Metadata and status by a bounded poll of them as playerctl reads them.
  /// - Returns: The title.
  @discardableResult
  package func waitForPlayer(_ player: String, status: String? = nil) async throws -> String {
    try await waitForName("org.mpris.MediaPlayer2.\(player)")
    return try await eventually("\(player) to publish a title\(status.map { " and status \($0)" } ?? "")") {
      () async throws -> String? in
      let read = try await playerctl(
        "--player=\(player)", "metadata", "--format", "{{status}}|{{xesam:title}}")
      let fields = read.trimmed.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
      guard read.succeeded, fields.count == 2, !fields[1].isEmpty else { return nil }
      if let status, fields[0] != status { return nil }
      return String(fields[1])
    }
  }
}
