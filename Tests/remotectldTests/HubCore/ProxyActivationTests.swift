import Testing

@testable import HubCore

/// When the hub owns the proxy's name once at start (under playerctld's name alone): only where a
/// call may wait for it, and never beside a running playerctld unless the bus surely started it.
/// The ends of this rule on a real bus are ProxyListTests' (playerctld beside the hub's start, and a
/// hub activated by the proxy's name).
@Suite("How the hub was started, and the proxy's name at start")
struct ProxyActivationTests {
  @Test func `dbus-daemon's starter variables mean the bus started the hub, whatever systemd says`() {
    #expect(ProxyActivation(environment: ["DBUS_STARTER_BUS_TYPE": "session"]) == .byTheBus)
    #expect(ProxyActivation(environment: ["DBUS_STARTER_ADDRESS": "unix:path=/run/bus"]) == .byTheBus)
    #expect(
      ProxyActivation(environment: ["DBUS_STARTER_BUS_TYPE": "session", "INVOCATION_ID": "0a1b"]) == .byTheBus
    )
    #expect(ProxyActivation(environment: ["INVOCATION_ID": "0a1b"]) == .bySystemd)
    #expect(ProxyActivation(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus"]) == .byHand)
  }

  @Test func `beside a running playerctld the name is owned only when the bus started the hub`() {
    #expect(ProxyActivation.byTheBus.ownsProxyNameOnce(ownsPlayerctld: false))
    #expect(!ProxyActivation.bySystemd.ownsProxyNameOnce(ownsPlayerctld: false))
    #expect(!ProxyActivation.byHand.ownsProxyNameOnce(ownsPlayerctld: false))
  }

  @Test func `with no playerctld running a hub systemd started owns it once, in case a call waits`() {
    #expect(ProxyActivation.byTheBus.ownsProxyNameOnce(ownsPlayerctld: true))
    #expect(ProxyActivation.bySystemd.ownsProxyNameOnce(ownsPlayerctld: true))
    #expect(!ProxyActivation.byHand.ownsProxyNameOnce(ownsPlayerctld: true))
  }
}
