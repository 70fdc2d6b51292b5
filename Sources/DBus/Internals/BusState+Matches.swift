extension BusState {
  // MARK: - Matches

  /// Installs `match` now and after every reconnect.
  func addMatch(_ match: MatchEntry) throws(BusError) {
    if bus != nil { try attach(match) }
    matches[match.id] = match
  }

  /// Removes a match.
  func removeMatch(id: UInt64) {
    guard let match = matches.removeValue(forKey: id) else { return }
    if let slot = match.slot { releaseLater(slot, keepingAlive: match) }
    match.slot = nil
  }

  /// Installs the match rule of `match` with sd-bus.
  func attach(_ match: MatchEntry) throws(BusError) {
    guard let bus else { return }
    match.slot = try SDBus.addMatch(
      bus, rule: match.rule, callback: Trampolines.match,
      userdata: Unmanaged.passUnretained(match).toOpaque())
  }
}
