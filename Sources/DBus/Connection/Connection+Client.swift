extension Connection {
  // MARK: - Calling methods

  /// Calls `member` on `destination` and returns the reply's values.
  ///
  /// A D-Bus error reply is thrown as a ``BusError`` with the remote error name and message.
  /// `timeout` defaults to sd-bus's 25 seconds; running out throws
  /// `org.freedesktop.DBus.Error.NoReply` (or `Timeout`).
  package func call(
    destination: BusName?, path: ObjectPath, interface: String?, member: String,
    arguments: [Value] = [], timeout: Duration? = nil
  ) async throws(BusError) -> [Value] {
    let microseconds = timeout.map(Connection.microseconds) ?? 0
    return try await loop.async { state, complete in
      state.call(
        destination: destination, path: path, interface: interface, member: member,
        arguments: arguments, timeoutMicroseconds: microseconds
      ) { _, result in complete(result) }
    }
  }

  /// Calls `member` on `destination` and hands the reply's values, or the error, to
  /// `completion` on the connection's thread, in the order replies arrive; nothing hops through
  /// a task, so a service that forwards calls answers with the least delay, and replies keep
  /// their order relative to the signals match handlers see.
  ///
  /// Keep `completion` fast. A D-Bus error reply is handed over as a ``BusError`` with the remote
  /// error name and message; a closed connection fails at once.
  package func call(
    destination: BusName?, path: ObjectPath, interface: String?, member: String,
    arguments: [Value] = [], timeout: Duration? = nil,
    completion: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    let microseconds = timeout.map(Connection.microseconds) ?? 0
    let job: BusLoop.Job = { state in
      state.call(
        destination: destination, path: path, interface: interface, member: member,
        arguments: arguments, timeoutMicroseconds: microseconds
      ) { _, result in completion(result) }
    }
    if loop.isOwnerThread {
      job(loop.state)
    } else if !loop.submit(job) {
      completion(.failure(BusError(.disconnected, "the connection is closed")))
    }
  }

  // MARK: - Receiving signals

  /// Installs a match rule; `handler` receives each matching message on the connection's thread.
  ///
  /// Returns once the bus has confirmed the rule. It is installed again after reconnects.
  ///
  /// - Parameters:
  ///   - rule: A match rule, such as `type='signal',interface='org.mpris.MediaPlayer2.Player'`.
  ///   - sentBy: When given, asked on the connection's thread with each matching message's
  ///     sender before its body is read; a message it refuses is dropped unread. A rule cannot
  ///     leave senders out (the hub's own signals match a view's rule), and reading a body costs
  ///     far more than this question.
  ///   - handler: Receives each message read, on the connection's thread (keep it fast).
  package func addMatch(
    rule: String, sentBy: (@Sendable (BusName) -> Bool)? = nil,
    handler: @escaping @Sendable (ReceivedMessage) -> Void
  ) async throws(BusError) -> Subscription {
    let loop = self.loop
    return try await loop.async { state, complete in
      let entry = MatchEntry(
        id: state.makeID(), rule: rule, sentBy: sentBy, handler: handler, loop: loop)
      do throws(BusError) {
        try state.addMatch(entry)
        complete(.success(Subscription(entry: entry, loop: loop)))
      } catch {
        complete(.failure(error))
      }
    }
  }

  static func microseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 1 }
    return max(1, UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000))
  }
}
