import BusTestSupport
import Foundation

/// A LAN of the test's own: two network namespaces joined by a veth pair with private addresses,
/// the hub's (``name``, `10.213.0.2/30`) and the client's (``client``, `10.213.0.1/30`). A
/// program run in one (``launcher``, ``clientLauncher``) sees a real LAN address, and nothing it
/// sends leaves the machine. Filesystem unix sockets, such as the private bus's, are reachable
/// from both; abstract ones are not.
///
/// Neither end of the pair is ever in this namespace: the pair is made inside the hub's
/// namespace with its peer placed straight in the client's. Chromium aborts the requests it has
/// in flight (`net::ERR_NETWORK_CHANGED`) when an interface comes or goes, so a pair made here
/// broke the pages other tests' browsers were loading at the time. ``remove()`` deletes both
/// namespaces, and with them the pair.
struct NetworkNamespace: Sendable {
  /// The hub's namespace.
  let name: String
  /// The client's namespace: where the browser, the capture and the attacker run.
  let client: String
  /// The veth end in the client's namespace: where a capture listens.
  let clientInterface: String
  /// The client's address.
  let clientAddress = "10.213.0.1"
  /// The address in the hub's namespace: the only one the tests ever aim at.
  let address = "10.213.0.2"

  /// What namespaces need here: root, `ip` and `tcpdump`.
  static var canRun: Requirement {
    .root && .executable("ip", debianPackage: "iproute2") && .executable("tcpdump", debianPackage: "tcpdump")
  }

  /// Makes the two namespaces and the pair between them, both ends up.
  static func make() async throws -> NetworkNamespace {
    var generator = SystemRandomNumberGenerator()
    let tag = String(UInt32.random(in: 0..<0xFFFF_FF, using: &generator), radix: 36)
    let namespace = NetworkNamespace(
      name: "wr-\(tag)", client: "wrc-\(tag)", clientInterface: "wrc\(tag)")
    let inside = "wrh\(tag)"
    do {
      try await ip(["netns", "add", namespace.name])
      try await ip(["netns", "add", namespace.client])
      let peer = ["peer", "name", namespace.clientInterface, "netns", namespace.client]
      try await ip(["-n", namespace.name, "link", "add", inside, "type", "veth"] + peer)
      for (name, interface, address) in [
        (namespace.name, inside, namespace.address),
        (namespace.client, namespace.clientInterface, namespace.clientAddress),
      ] {
        try await ip(["-n", name, "link", "set", "lo", "up"])
        try await ip(["-n", name, "addr", "add", address + "/30", "dev", interface])
        try await ip(["-n", name, "link", "set", interface, "up"])
      }
    } catch {
      await namespace.remove()
      throw error
    }
    return namespace
  }

  /// The command that runs a program in the hub's namespace: `ip netns exec NAME`.
  var launcher: [String] { ["ip", "netns", "exec", name] }

  /// The command that runs a program in the client's namespace.
  var clientLauncher: [String] { ["ip", "netns", "exec", client] }

  /// Runs `executable` with `arguments` in the client's namespace to its end.
  func runInClient(
    _ executable: String, _ arguments: [String], timeout: Duration = .seconds(20)
  ) async throws -> ClientResult {
    try await ChildProcess.run("ip", ["netns", "exec", client, executable] + arguments, timeout: timeout)
  }

  /// Deletes both namespaces and the pair between them. Programs still inside must have been
  /// stopped.
  func remove() async {
    _ = try? await ChildProcess.run("ip", ["netns", "del", name])
    _ = try? await ChildProcess.run("ip", ["netns", "del", client])
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
