extension RemotePlayer {
  /// The extension interface, `io.github.swift_remote_control.RemoteControl1`: like, dislike,
  /// bookmark, rating, skip intervals, supported rates, language options and handler statuses
  /// (see <doc:RemoteControlInterface>), at `/org/mpris/MediaPlayer2/RemoteControl`, where this
  /// type's calls and reads of it go.
  public static let remoteControlInterface = MediaPlayerInterface.remoteControl.rawValue

  /// Every property of the extension interface (variants unwrapped), read at
  /// `/org/mpris/MediaPlayer2/RemoteControl`, or `nil` when the player does not have the
  /// interface there (any MPRIS player not built on this package).
  ///
  /// - Throws: ``ClientError`` when the player is gone or fails otherwise.
  public func remoteControlProperties() async throws(ClientError) -> [String: PropertyValue]? {
    do {
      return try await properties(interface: Self.remoteControlInterface)
    } catch {
      if error.isMissing { return nil }
      throw error
    }
  }

  /// Calls `member` of the extension interface with `arguments`.
  public func callRemoteControl(_ member: String, _ arguments: [PropertyValue] = []) async throws(ClientError)
  {
    _ = try await call(member, interface: Self.remoteControlInterface, arguments: arguments)
  }
}
