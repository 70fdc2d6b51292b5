extension Connection {
  // MARK: - Asking the bus daemon

  // Every question put to the bus itself (`org.freedesktop.DBus` at `/org/freedesktop/DBus`),
  // written once. Each has two forms: `async`, for tasks, and one with a completion, which runs on
  // the connection's thread in the order replies arrive, for code that runs there already (a
  // match handler, a view's observer) and must not hop through a task.

  /// The process of the connection that owns `name` (a unique name such as `:1.42`, or a
  /// well-known one), as the bus daemon saw it connect.
  ///
  /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionUnixProcessID`.
  ///
  /// - Throws: ``BusError`` named `org.freedesktop.DBus.Error.NameHasNoOwner` when no connection
  ///   owns `name`; the bus's own error when it cannot tell (a connection from another machine).
  package func processID(of name: BusName, timeout: Duration? = nil) async throws(BusError) -> Int32 {
    try await Self.awaiting { processID(of: name, timeout: timeout, completion: $0) }
  }

  /// ``processID(of:timeout:)``, its answer handed to `completion` on the connection's thread (at
  /// once with an error when the connection is closed).
  package func processID(
    of name: BusName, timeout: Duration? = nil,
    completion: @escaping @Sendable (Result<Int32, BusError>) -> Void
  ) {
    askBus("GetConnectionUnixProcessID", [.string(name.rawValue)], timeout: timeout, completion: completion) {
      guard case .uint32(let pid)? = $0.first, let process = Int32(exactly: pid), process > 0 else {
        return nil
      }
      return process
    }
  }

  /// The unique name of `name`'s owner, or `nil` when no one owns it.
  ///
  /// The corresponding bus method is `org.freedesktop.DBus.GetNameOwner`.
  package func nameOwner(of name: BusName, timeout: Duration? = nil) async throws(BusError) -> BusName? {
    try await Self.awaiting { nameOwner(of: name, timeout: timeout, completion: $0) }
  }

  /// ``nameOwner(of:timeout:)``, its answer handed to `completion` on the connection's thread.
  package func nameOwner(
    of name: BusName, timeout: Duration? = nil,
    completion: @escaping @Sendable (Result<BusName?, BusError>) -> Void
  ) {
    askBus("GetNameOwner", [.string(name.rawValue)], timeout: timeout) {
      (result: Result<BusName, BusError>) in
      switch result {
      case .success(let owner): completion(.success(owner))
      case .failure(let error) where error.name == .nameHasNoOwner: completion(.success(nil))
      case .failure(let error): completion(.failure(error))
      }
    } decode: { values in
      guard case .string(let owner)? = values.first, let unique = BusName(rawValue: owner), unique.isUnique
      else { return nil }
      return unique
    }
  }

  /// Every name on the bus now, unique and well-known.
  ///
  /// The corresponding bus method is `org.freedesktop.DBus.ListNames`.
  package func listNames(timeout: Duration? = nil) async throws(BusError) -> [BusName] {
    try await Self.awaiting { listNames(timeout: timeout, completion: $0) }
  }

  /// ``listNames(timeout:)``, its answer handed to `completion` on the connection's thread.
  package func listNames(
    timeout: Duration? = nil, completion: @escaping @Sendable (Result<[BusName], BusError>) -> Void
  ) {
    askBus("ListNames", [], timeout: timeout, completion: completion, decode: Self.names)
  }

  /// Every name the bus can start a service for on its first call (D-Bus activation).
  ///
  /// The corresponding bus method is `org.freedesktop.DBus.ListActivatableNames`.
  package func listActivatableNames(timeout: Duration? = nil) async throws(BusError) -> [BusName] {
    try await Self.awaiting { listActivatableNames(timeout: timeout, completion: $0) }
  }

  /// ``listActivatableNames(timeout:)``, its answer handed to `completion` on the connection's
  /// thread.
  package func listActivatableNames(
    timeout: Duration? = nil, completion: @escaping @Sendable (Result<[BusName], BusError>) -> Void
  ) {
    askBus("ListActivatableNames", [], timeout: timeout, completion: completion, decode: Self.names)
  }

  /// Starts the service that the bus's activation files say owns `name`, and returns once it
  /// owns it (or already did).
  ///
  /// The corresponding bus method is `org.freedesktop.DBus.StartServiceByName`.
  ///
  /// - Throws: ``BusError`` named `org.freedesktop.DBus.Error.ServiceUnknown` when no activation
  ///   file names it; the bus's error when the service failed to start or to take the name in
  ///   `timeout`.
  package func startService(named name: BusName, timeout: Duration? = nil) async throws(BusError)
    -> StartServiceResult
  {
    try await Self.awaiting { completion in
      askBus(
        "StartServiceByName", [.string(name.rawValue), .uint32(0)], timeout: timeout, completion: completion
      ) {
        guard case .uint32(let code)? = $0.first else { return nil }
        return StartServiceResult(rawValue: code)
      }
    }
  }

  // MARK: - One call, one decoding

  /// Calls `member` of the bus daemon and hands `completion` the reply as `decode` reads it; a
  /// reply `decode` cannot read is an error that names the member and what came.
  private func askBus<Answer: Sendable>(
    _ member: String, _ arguments: [Value], timeout: Duration?,
    completion: @escaping @Sendable (Result<Answer, BusError>) -> Void,
    decode: @escaping @Sendable ([Value]) -> Answer?
  ) {
    let operation = "\(Self.busInterface).\(member)"
    call(
      destination: .bus, path: Self.busPath, interface: Self.busInterface, member: member,
      arguments: arguments, timeout: timeout
    ) { result in
      switch result {
      case .success(let values):
        guard let answer = decode(values) else {
          let signature = values.map(\.signature.rawValue).joined()
          completion(
            .failure(
              BusError(
                .invalidSignature, "the bus answered (\(signature)), which is not what \(member) returns",
                operation: operation)))
          return
        }
        completion(.success(answer))
      case .failure(var error):
        if error.operation == nil { error.operation = operation }
        completion(.failure(error))
      }
    }
  }

  /// Suspends until `ask` hands its completion a result.
  private static func awaiting<Answer: Sendable>(
    _ ask: (@escaping @Sendable (Result<Answer, BusError>) -> Void) -> Void
  ) async throws(BusError) -> Answer {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Answer, BusError>, Never>) in
      ask { continuation.resume(returning: $0) }
    }
    return try result.get()
  }

  /// The names in a reply of type `as`.
  @Sendable private static func names(_ values: [Value]) -> [BusName]? {
    guard let elements = values.first?.arrayElements else { return nil }
    return elements.compactMap { $0.stringValue.flatMap(BusName.init(rawValue:)) }
  }
}
