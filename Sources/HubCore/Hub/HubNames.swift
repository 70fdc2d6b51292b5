package import DBus
import HubAPI

/// The two hub names the proxy player's files spell this way while they move to `NowPlaying/`
/// (issue 39): each forwards to its one declaration in the hub's API (the `HubAPI` module).
package enum HubNames {
  /// ``HubAddress/path``.
  package static var path: ObjectPath { HubAddress.path }
  /// ``Playerctld/busName``.
  static var playerctldBusName: BusName { Playerctld.busName }
}
