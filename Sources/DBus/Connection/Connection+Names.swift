extension Connection {
  // MARK: - Owning names

  /// Asks the bus for the well-known `name`. A name we get (or queue for) is requested again
  /// after a reconnect.
  ///
  /// With ``RequestNameFlags/doNotQueue``, a taken name answers ``RequestNameResult/exists``.
  package func requestName(_ name: BusName, flags: RequestNameFlags = [.doNotQueue])
    async throws(BusError) -> RequestNameResult
  {
    guard !name.isUnique else {
      throw .invalidArgs("\(name) is a unique name; only well-known names can be requested")
    }
    return try await loop.async { state, complete in
      state.call(
        destination: .bus, path: Connection.busPath, interface: Connection.busInterface,
        member: "RequestName", arguments: [.string(name.rawValue), .uint32(flags.rawValue)],
        timeoutMicroseconds: 0
      ) { state, result in
        complete(
          result.flatMap { values in
            guard case .uint32(let code)? = values.first, let answer = RequestNameResult(rawValue: code)
            else { return .failure(.failed("RequestName answered \(values)")) }
            if answer != .exists { state.rememberName(name, flags: flags.rawValue) }
            return .success(answer)
          })
      }
    }
  }

  /// Gives up `name` (or leaves its queue); it is no longer requested after reconnects.
  package func releaseName(_ name: BusName) async throws(BusError) {
    _ = try await loop.async { (state, complete: @escaping @Sendable (Result<Bool, BusError>) -> Void) in
      state.forgetName(name)
      state.call(
        destination: .bus, path: Connection.busPath, interface: Connection.busInterface,
        member: "ReleaseName", arguments: [.string(name.rawValue)], timeoutMicroseconds: 0
      ) { _, result in complete(result.map { _ in true }) }
    }
  }

  // MARK: - Tracking owners

  // Asking who owns a name once: `Connection+BusDaemon.swift`.

  /// Calls `handler` whenever the owner of `name` changes (of any name when `nil`), from
  /// `org.freedesktop.DBus.NameOwnerChanged`.
  package func watchNameOwner(
    _ name: BusName? = nil, handler: @escaping @Sendable (NameOwnerChange) -> Void
  ) async throws(BusError) -> Subscription {
    var rule =
      "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
      + "member='NameOwnerChanged',path='/org/freedesktop/DBus'"
    if let name { rule += ",arg0='\(name.rawValue)'" }
    return try await addMatch(rule: rule) { message in
      let strings = message.arguments.compactMap(\.stringValue)
      guard strings.count == 3, let changed = BusName(rawValue: strings[0]) else { return }
      handler(
        NameOwnerChange(
          name: changed, oldOwner: BusName(rawValue: strings[1]),
          newOwner: BusName(rawValue: strings[2])))
    }
  }

  static let busPath: ObjectPath = "/org/freedesktop/DBus"
  static let busInterface = "org.freedesktop.DBus"
}
