import BusTestSupport

/// A private bus, remotectld with its bridge on it (`hubArguments` besides, its loopback port
/// `hubPort`, 0: one it picks) and a headless Chromium with `browserArguments`; then `body`, then
/// all three stopped, whatever `body` did (a hub `body` stopped itself is left as it is).
///
/// With `browserOnBus`, the private bus is Chromium's session bus, so that Chromium's own MPRIS
/// player of a page's Media Session appears on it beside the bridge's; without, Chromium has no
/// session bus and publishes nothing.
func withPage(
  hubArguments: [String] = [], hubPort: Int = 0, browserArguments: [String] = [], browserOnBus: Bool,
  _ body: (PrivateBus, BridgeHub, TestBrowser) async throws -> Void
) async throws {
  let bus = try await PrivateBus.start()
  let hub = try await BridgeHub.start(on: bus, port: hubPort, arguments: hubArguments)
  let browser = try await TestBrowser.start(bus: browserOnBus ? bus : nil, arguments: browserArguments)
  do {
    try await body(bus, hub, browser)
  } catch {
    await browser.close()
    await hub.stop()
    await bus.stop()
    throw error
  }
  await browser.close()
  await hub.stop()
  await bus.stop()
}
