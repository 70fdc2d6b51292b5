import AudioSessionArbiter
import DBus
package import HubCore
import Logging
import SoundServer
import Synchronization

/// The audio session and the hub's relays (``RelayRegistry``): a relay is served by the hub's own
/// process, so its streams are found by the process of the player it relays; a relay that a
/// part says is a remote player (``RemotePlayers``, ``SessionArbiter``'s rule 8) cannot be
/// paused from here, so the part silences it where a local player is paused, and its sender's
/// sessions are told to the arbiter.
extension AudioSessionService {
  /// Whether the session player `owner` is a remote player: its sender is elsewhere.
  func isRemote(_ owner: BusName) -> Bool {
    remotePlayers?.isRemote(owner) ?? false
  }

  /// Whether a sender streams to the remote player `owner` now.
  func remoteSessionIsActive(_ owner: BusName) -> Bool {
    remotePlayers?.sessionIsActive(owner) ?? false
  }

  /// The process whose streams are the relay `owner`'s: the relayed player's, as its own bus
  /// told it, or why it is not known; `nil` when `owner` is no relay (its own process is asked
  /// of the bus).
  func relayedProcess(of owner: BusName) -> Result<Int32, PlayerProcessProblem>? {
    switch hub.relays.relayed(by: owner) {
    case nil:
      return nil
    case .systemBusPlayer(let player)?:
      guard let processID = player.processID else {
        return .failure(
          PlayerProcessProblem(reason: "the system bus would not tell the process of \(player.busName)"))
      }
      return .success(processID)
    case .devicePlayer(let path)?:
      return .failure(
        PlayerProcessProblem(
          reason: "it relays the Bluetooth device's player \(path.rawValue): what it plays is the device's"))
    }
  }

  /// Takes a relay's `change` in: it became or stopped being a remote player, its process became
  /// known, or its sender's session began or ended. On the view's connection thread.
  package func take(_ change: RelayRegistry.Change) {
    connection.assertOnConnectionThread()
    let owner = change.owner
    guard let relayed = change.relayed, let before = change.before,
      state.withLock({ $0.players[owner] != nil })
    else { return }
    let remote = remotePlayers?.change(in: change)
    if remote?.isRemoteChanged == true { playerLoaded(owner) }
    if case .systemBusPlayer(let now) = relayed, case .systemBusPlayer(let then) = before,
      now.processID != then.processID
    {
      let known = state.withLock { state in
        state.playerStreams.playerLeft(owner.rawValue)
        return state.askedProcess.remove(owner) != nil
      }
      if known { askProcessID(of: owner) }
    }
    if let isActive = remote?.sessionIsActive {
      logger.debug("a remote player's session", metadata: ["player": "\(owner)", "active": "\(isActive)"])
      apply(.remoteSessionChanged(owner: owner.rawValue, isActive: isActive))
    }
  }
}
