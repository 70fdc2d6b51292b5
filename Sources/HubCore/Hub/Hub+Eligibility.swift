package import DBus
package import NowPlayingArbiter
import Synchronization

extension Hub {
  // MARK: - Rules on who may be Now Playing

  // Several parts may hold a player back (the Bluetooth part a device's player whose device plays
  // nothing here, the system-bus part an AirPlay receiver no sender streams to): the arbiter
  // knows one eligibility per player, so the hub keeps which rules hold each one back, and a
  // player is eligible when none does. One rule never lifts another's.

  /// Whether the rules admit a new player named `name` (each rule is asked, so each can note
  /// it), noting those that hold it back; one held back before it appeared stays held back. On
  /// the view's connection thread.
  package func admits(_ name: BusName, owner: BusName) -> Bool {
    connection.assertOnConnectionThread()
    let rules = admission.withLock { $0 }
    let refusing = Set(rules.filter { !$0.value(name, owner) }.keys)
    return heldBack.withLock { heldBack in
      heldBack[owner, default: []].formUnion(refusing)
      if heldBack[owner]?.isEmpty == true { heldBack[owner] = nil }
      return heldBack[owner] == nil
    }
  }

  /// `rule` now holds `owner` back (`isEligible` false) or not: the arbiter's event when that
  /// changed whether any rule holds it back, `nil` otherwise. Apply it with ``applyHere(_:)``.
  package func eligibility(of owner: BusName, by rule: String, isEligible: Bool) -> Arbiter.Event? {
    let change = heldBack.withLock { heldBack -> Bool? in
      let before = heldBack[owner, default: []]
      var now = before
      if isEligible { now.remove(rule) } else { now.insert(rule) }
      heldBack[owner] = now.isEmpty ? nil : now
      return before.isEmpty != now.isEmpty ? now.isEmpty : nil
    }
    return change.map { .eligibilityChanged(owner: owner.rawValue, isEligible: $0) }
  }
}
