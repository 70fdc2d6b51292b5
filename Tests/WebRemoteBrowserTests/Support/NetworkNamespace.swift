import BusTestSupport
import Foundation

/// A network namespace of the test's own, joined to this one by a veth pair with private
/// addresses (`10.213.N.1/30` here, `10.213.N.2/30` inside): a program run inside
/// (``launcher``) sees a real LAN address, and nothing it sends leaves the machine. Filesystem
/// unix sockets, such as the private bus's, are reachable from inside; abstract ones are not.
/// ``remove()`` deletes the namespace, and with it both ends of the pair.
struct NetworkNamespace: Sendable {
  /// The namespace's name.
  let name: String
  /// The veth end on this side: where a capture listens.
  let hostInterface: String
  /// This side's address.
  let hostAddress: String
  /// The address inside: the only one the tests ever aim at.
  let address: String

  /// Whether namespaces can be made here: root, `ip` and `tcpdump`.
  static var canRun: Bool {
    getuid() == 0 && ChildProcess.which("ip") != nil && ChildProcess.which("tcpdump") != nil
  }

  /// Makes the namespace and the pair, both ends up, with a subnet no interface here uses.
  static func make() async throws -> NetworkNamespace {
    let used = try await ip(["-4", "-o", "addr"]).output
    var generator = SystemRandomNumberGenerator()
    let tag = String(UInt32.random(in: 0..<0xFFFF_FF, using: &generator), radix: 36)
    guard
      let subnet = (0..<256).shuffled(using: &generator).first(where: { !used.contains("10.213.\($0).") })
    else { throw TestFailure("every 10.213.N.0/30 is in use here") }
    let namespace = NetworkNamespace(
      name: "wr-\(tag)", hostInterface: "wrh\(tag)", hostAddress: "10.213.\(subnet).1",
      address: "10.213.\(subnet).2")
    let inside = "wrn\(tag)"
    do {
      try await ip(["netns", "add", namespace.name])
      try await ip(["link", "add", namespace.hostInterface, "type", "veth", "peer", "name", inside])
      try await ip(["link", "set", inside, "netns", namespace.name])
      try await ip(["addr", "add", namespace.hostAddress + "/30", "dev", namespace.hostInterface])
      try await ip(["link", "set", namespace.hostInterface, "up"])
      try await ip(namespace.exec(["ip", "link", "set", "lo", "up"]))
      try await ip(namespace.exec(["ip", "addr", "add", namespace.address + "/30", "dev", inside]))
      try await ip(namespace.exec(["ip", "link", "set", inside, "up"]))
    } catch {
      await namespace.remove()
      throw error
    }
    return namespace
  }

  /// The command that runs a program inside: `ip netns exec NAME`.
  var launcher: [String] { ["ip", "netns", "exec", name] }

  /// `ip` arguments that run `command` inside.
  private func exec(_ command: [String]) -> [String] { ["netns", "exec", name] + command }

  /// Deletes the namespace and the pair (the host's end goes with its peer). Programs still
  /// inside must have been stopped.
  func remove() async {
    _ = try? await ChildProcess.run("ip", ["netns", "del", name])
    _ = try? await ChildProcess.run("ip", ["link", "del", hostInterface])
  }

  @discardableResult
  private static func ip(_ arguments: [String]) async throws -> ClientResult {
    let result = try await ChildProcess.run("ip", arguments)
    guard result.succeeded else {
      throw TestFailure("ip \(arguments.joined(separator: " ")) failed: \(result)")
    }
    return result
  }
}
