extension Doctor {
  /// How the hub matches each player to its sound-server streams (by its process, a descendant
  /// process, its Flatpak app id, or a heuristic on the names), or why it cannot: a lost output
  /// pauses only the players it matches.
  static func playerMatches(_ status: AudioSessionClient.Status) -> [Finding] {
    guard !status.matches.isEmpty else {
      // A hub that does not say how it matches: only the players it cannot match.
      return status.unmatched.map { player, reason in
        Finding(
          kind: .note,
          text: "the hub cannot match \(HubState.instance(player)) to a sound-server stream: \(reason); "
            + "calls still pause it, a lost output does not")
      }
    }
    return status.matches.map { player, how, detail in
      let name = HubState.instance(player)
      switch how {
      case "unmatched":
        return Finding(
          kind: .note,
          text: "the hub does not match \(name) to a sound-server stream: \(detail); "
            + "calls still pause it, a lost output does not")
      case "heuristic":
        return Finding(
          kind: .note,
          text: "the hub matches \(name) to its sound-server stream by a heuristic (\(detail)); "
            + "a lost output pauses it, though the names may belong to another program")
      default:
        return Finding(
          kind: .ok, text: "the hub matches \(name) to its sound-server stream by \(how): \(detail)")
      }
    }
  }
}
