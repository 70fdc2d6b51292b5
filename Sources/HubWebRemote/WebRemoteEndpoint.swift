package import DBus
import HubAPI
import HubCore
import Synchronization
package import WebRemote

/// What the web remote's D-Bus interface answers from: the device store and the listeners'
/// URLs, once the server is up.
package final class WebRemoteEndpoint: Sendable {
  private struct State: Sendable {
    var devices: DeviceStore?
    var urls: [String] = []
    /// The URL a pairing link points at: the public origin's, else the LAN one with `--lan`,
    /// else loopback.
    var pairingURL: String?
    /// Why no server runs, empty while one does.
    var reason = "the web remote has not started yet"
  }

  private let state = Mutex(State())
  /// The revocations under way, each answered once the device store took it: cancelled and
  /// waited for when the hub stops (``stop()``).
  private let tasks = PartTasks()

  package init() {}

  /// The server is up: pairing works from now on.
  package func serve(devices: DeviceStore, urls: [String], pairingURL: String) {
    state.withLock { $0 = State(devices: devices, urls: urls, pairingURL: pairingURL, reason: "") }
  }

  /// Waits for the revocations under way, and takes no more: the hub stops.
  package func stop() async {
    await tasks.stop()
  }

  /// No server runs, because of `reason` (a sentence a user can act on): pairing fails with it.
  package func off(_ reason: String) {
    state.withLock { $0 = State(reason: reason) }
  }

  /// Why no server runs; empty while one does.
  package var reason: String { state.withLock { $0.reason } }

  /// The listeners' URLs; empty while no server runs.
  var urls: [String] { state.withLock { $0.urls } }

  /// `io.github.swift_remote_control.WebRemote1` at the hub's path:
  ///
  /// - `Pair() → (s code, s url, u seconds)`: a new single-use pairing code, the URL to open
  ///   with the code and the new device's key in its fragment (`#pair=CODE&key=KEY`), and how
  ///   many seconds the code is valid.
  /// - `Devices() → a(ssxx)`: the paired devices: id, name, paired at and last seen (ms since
  ///   the Unix epoch).
  /// - `Revoke(s id)`: revokes a device's token and closes its sockets.
  /// - `URLs` (`as`): the listeners' URLs.
  /// - `Reason` (`s`): why the web remote is not served (`--no-http`, its port taken…); empty
  ///   while it is.
  package var interface: Interface {
    Interface(
      name: WebRemote1.interface,
      methods: [
        Interface.Method(WebRemote1.Method.pair, out: "ssu", outNames: ["code", "url", "seconds"]) {
          [self] call in
          guard let (devices, url) = available(call) else { return }
          let code = devices.newCode()
          call.reply([
            .string(code.text), .string(url + "#" + code.fragment),
            .uint32(UInt32(code.validity.components.seconds)),
          ])
        },
        Interface.Method(WebRemote1.Method.devices, out: "a(ssxx)", outNames: ["devices"]) { [self] call in
          guard let (devices, _) = available(call) else { return }
          let entries = devices.devices().map { device in
            Value.structure([
              .string(device.id), .string(device.name), .int64(device.pairedAt), .int64(device.lastSeen),
            ])
          }
          call.reply([.array(elementSignature: "(ssxx)", entries)])
        },
        Interface.Method(WebRemote1.Method.revoke, in: "s", inNames: ["id"]) { [self] call in
          guard let (devices, _) = available(call) else { return }
          let id = call.arguments.first?.stringValue ?? ""
          let started = tasks.start {
            if await devices.revoke(id: id) {
              call.reply()
            } else {
              let known = devices.devices().map(\.id)
              call.fail(
                BusError(
                  WebRemote1.ErrorName.unknownDevice,
                  "no paired device \"\(id)\"; the devices are: "
                    + (known.isEmpty ? "none" : known.joined(separator: ", "))))
            }
          }
          if !started { call.fail(.failed("the hub is stopping: ask again once it runs")) }
        },
      ],
      properties: [
        Interface.Property(WebRemote1.Property.urls, "as", change: .none) { [self] in .strings(urls) },
        Interface.Property(WebRemote1.Property.reason, "s", change: .none) { [self] in .string(reason) },
      ])
  }

  /// The store and pairing URL, or `nil` after failing `call` with the reason.
  private func available(_ call: MethodCall) -> (DeviceStore, String)? {
    let (devices, url, reason) = state.withLock { ($0.devices, $0.pairingURL, $0.reason) }
    guard let devices, let url else {
      call.fail(BusError(WebRemote1.ErrorName.unavailable, "the hub serves no web remote: \(reason)"))
      return nil
    }
    return (devices, url)
  }
}
