extension BusState {
  // MARK: - Calls

  /// Sends a method call; `completion` runs on this thread with the reply's values or error.
  func call(
    destination: BusName?, path: ObjectPath, interface: String?, member: String,
    arguments: [Value], timeoutMicroseconds: UInt64,
    completion: @escaping (BusState, Result<[Value], BusError>) -> Void
  ) {
    guard let bus else {
      return completion(self, .failure(BusError(.disconnected, "not connected to the bus")))
    }
    do {
      let message = try SDBus.newMethodCall(
        bus, destination: destination?.rawValue, path: path.rawValue, interface: interface,
        member: member)
      defer { SDBus.release(message: message) }
      try Value.append(arguments, to: message)
      let pending = PendingCall(id: makeID(), member: member, completion: completion)
      pending.state = self
      pending.slot = try SDBus.callAsync(
        bus, message, callback: Trampolines.reply,
        userdata: Unmanaged.passUnretained(pending).toOpaque(),
        timeoutMicroseconds: timeoutMicroseconds)
      pendingCalls[pending.id] = pending
    } catch {
      completion(self, .failure(error))
    }
  }

  /// Called by the reply trampoline: hands the reply to the waiting caller.
  func finish(_ pending: PendingCall, reply: MessageHandle) {
    guard pendingCalls.removeValue(forKey: pending.id) != nil else { return }
    if let slot = pending.slot { releaseLater(slot, keepingAlive: pending) }
    pending.slot = nil
    let result: Result<[Value], BusError>
    if let error = SDBus.replyError(reply, operation: pending.member) {
      result = .failure(error)
    } else {
      do throws(BusError) {
        result = .success(try Value.readAll(from: reply))
      } catch {
        result = .failure(error)
      }
    }
    pending.completion(self, result)
  }
}
