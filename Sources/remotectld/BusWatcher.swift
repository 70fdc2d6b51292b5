import DBus
import Logging
import NowPlayingArbiter

/// Feeds the hub from the bus: MPRIS names appearing and vanishing, and each player's
/// PlaybackStatus, Metadata and Seeked, told apart by the sender's unique name.
///
/// Three match rules serve every player, whatever their number: signals are matched by
/// interface and path, and their sender says which player spoke.
struct BusWatcher: Sendable {
  let hub: Hub

  /// How long a new player may take to answer the read of its state.
  static let readTimeout: Duration = .seconds(5)

  /// Installs the matches, then reads the players already on the bus.
  func start() async throws(BusError) -> [Subscription] {
    let connection = hub.connection
    let names = try await connection.addMatch(
      rule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
        + "member='NameOwnerChanged',path='/org/freedesktop/DBus',arg0namespace='org.mpris.MediaPlayer2'"
    ) { message in nameOwnerChanged(message) }
    let properties = try await connection.addMatch(
      rule: "type='signal',interface='\(HubNames.propertiesInterface)',member='PropertiesChanged',"
        + "path='\(HubNames.path)',arg0='\(HubNames.mprisPlayerInterface)'"
    ) { message in propertiesChanged(message) }
    let seeked = try await connection.addMatch(
      rule:
        "type='signal',interface='\(HubNames.mprisPlayerInterface)',member='Seeked',path='\(HubNames.path)'"
    ) { message in
      if let sender = message.sender { hub.apply(.seeked(owner: sender.rawValue)) }
    }
    await enumerate()
    return [names, properties, seeked]
  }

  /// Reads the MPRIS players on the bus (at startup and after a reconnect).
  func enumerate() async {
    let connection = hub.connection
    do {
      for name in try await connection.listNames() where name.rawValue.hasPrefix(CandidateFilter.mprisPrefix)
      {
        guard let owner = try await connection.nameOwner(of: name) else { continue }
        appeared(name, owner: owner)
      }
    } catch {
      hub.logger.error("could not list the players on the bus", metadata: ["error": "\(error)"])
    }
  }

  // MARK: - Names

  private func nameOwnerChanged(_ message: ReceivedMessage) {
    let strings = message.arguments.compactMap(\.stringValue)
    guard strings.count == 3, let name = BusName(rawValue: strings[0]) else { return }
    if let old = BusName(rawValue: strings[1]) {
      hub.logger.debug("name vanished", metadata: ["name": "\(name)", "owner": "\(old)"])
      hub.apply(.nameVanished(busName: name.rawValue, owner: old.rawValue))
    }
    if let new = BusName(rawValue: strings[2]) {
      appeared(name, owner: new)
    }
  }

  /// Adds `name` and reads its owner's PlaybackStatus and Metadata.
  private func appeared(_ name: BusName, owner: BusName) {
    let before = hub.candidate(named: owner.rawValue)
    hub.apply(.nameAppeared(busName: name.rawValue, owner: owner.rawValue))
    guard before == nil, hub.candidate(named: owner.rawValue) != nil else { return }
    hub.logger.info("player appeared", metadata: ["name": "\(name)", "owner": "\(owner)"])
    let hub = self.hub
    Task {
      do throws(BusError) {
        let reply = try await hub.connection.call(
          destination: owner, path: HubNames.path, interface: HubNames.propertiesInterface, member: "GetAll",
          arguments: [.string(HubNames.mprisPlayerInterface)], timeout: Self.readTimeout)
        apply(reply.first ?? .vardict([:]), owner: owner.rawValue, source: .read)
      } catch  where error.name == .serviceUnknown || error.name == .nameHasNoOwner {
        hub.apply(.nameVanished(busName: name.rawValue, owner: owner.rawValue))
      } catch {
        hub.logger.warning(
          "could not read the player's state; it counts as not playing until it announces one",
          metadata: ["name": "\(name)", "error": "\(error)"])
      }
    }
  }

  // MARK: - Properties

  private func propertiesChanged(_ message: ReceivedMessage) {
    guard let sender = message.sender, message.arguments.count == 3 else { return }
    let owner = sender.rawValue
    apply(message.arguments[1], owner: owner, source: .announced)
    let invalidated = (message.arguments[2].arrayElements ?? []).compactMap(\.stringValue)
    for name in invalidated where name == "PlaybackStatus" || name == "Metadata" {
      let hub = self.hub
      Task {
        guard
          let value = try? await hub.connection.call(
            destination: sender, path: HubNames.path, interface: HubNames.propertiesInterface, member: "Get",
            arguments: [.string(HubNames.mprisPlayerInterface), .string(name)], timeout: Self.readTimeout
          ).first
        else { return }
        apply(
          .dictionary(
            keySignature: "s", valueSignature: "v", [DictionaryEntry(key: .string(name), value: value)]),
          owner: owner, source: .announced)
      }
    }
  }

  /// Feeds the hub the PlaybackStatus and Metadata in `properties` (an `a{sv}`); the rest is
  /// never activity.
  private func apply(_ properties: Value, owner: String, source: Arbiter.Event.Source) {
    guard case .dictionary(_, _, let entries) = properties else {
      hub.logger.warning(
        "a player sent properties that are not a dictionary", metadata: ["owner": "\(owner)"])
      return
    }
    var events: [Arbiter.Event] = []
    var others: [String] = []
    for entry in entries {
      guard let name = entry.key.stringValue else { continue }
      let value = entry.value.unwrappingVariants
      switch name {
      case "PlaybackStatus":
        guard let status = value.stringValue else {
          hub.logger.warning(
            "PlaybackStatus is not a string", metadata: ["owner": "\(owner)", "value": "\(value)"])
          continue
        }
        events.append(.playbackStatusChanged(owner: owner, isPlaying: status == "Playing", source: source))
      case "Metadata":
        events.append(.trackChanged(owner: owner, track: TrackIdentity.of(value), source: source))
      default:
        others.append(name)
      }
    }
    if !others.isEmpty, source == .announced {
      events.append(.otherPropertiesChanged(owner: owner, names: others))
    }
    hub.apply(events)
  }
}
