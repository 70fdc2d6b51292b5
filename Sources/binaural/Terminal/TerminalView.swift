import RemoteControl

/// The terminal view: now playing, a progress bar, the keys. Each key press is sent to the
/// application as a remote control event from ``RemoteControlEvent/Source/keyboard``, so it
/// travels the path MPRIS events take (command center, then responder chain).
///
/// It redraws when the player says something changed, and on a timer only while playing (for
/// the bar); while paused nothing wakes it.
@MainActor
final class TerminalView {
  /// How often the bar moves while playing.
  static let frameInterval = Duration.milliseconds(250)

  private let terminal: RawTerminal
  private let player: Player
  private let seek: ContinuousSeek
  private let notices: [String]
  private var ticker: Task<Void, Never>?

  /// Takes over the terminal (raw mode, alternate screen) for `player`; `nil` without one.
  init?(player: Player, seek: ContinuousSeek, notices: [String]) {
    guard RawTerminal.isInteractive, let terminal = RawTerminal() else { return nil }
    self.terminal = terminal
    self.player = player
    self.seek = seek
    self.notices = notices
  }

  /// Draws the view, reads keys and follows the player until ``close()``.
  func start() {
    let previous = player.onChange
    player.onChange = { [weak self] in
      previous()
      self?.changed()
    }
    KeyReader.start { [weak self] key in self?.press(key) }
    changed()
  }

  /// Restores the terminal. Idempotent.
  func close() {
    ticker?.cancel()
    ticker = nil
    terminal.restore()
  }

  private func press(_ key: Key) {
    guard
      let command = KeyCommands.command(for: key, volume: player.volume, seeking: seek.direction)
    else { return }
    let application = player.application
    Task { [weak self] in
      await application.send(command, from: .keyboard)
      self?.draw()
    }
  }

  /// Redraws, and runs the frame timer exactly while playing.
  private func changed() {
    draw()
    if player.state == .playing {
      guard ticker == nil else { return }
      ticker = Task { [weak self] in
        while !Task.isCancelled {
          do { try await Task.sleep(for: Self.frameInterval) } catch { return }
          self?.draw()
        }
      }
    } else {
      ticker?.cancel()
      ticker = nil
    }
  }

  private func draw() {
    let screen = NowPlayingScreen(
      info: player.application.nowPlayingInfoCenter.nowPlayingInfo, state: player.state,
      position: player.position, duration: player.duration, rate: player.rate, volume: player.volume,
      seeking: seek.direction, notices: notices)
    let lines = screen.lines(width: RawTerminal.width)
    RawTerminal.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
  }
}
