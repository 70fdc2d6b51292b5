package import DBus
import HubAPI
package import HubCore
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS

extension Relauncher {
  /// `io.github.swift_remote_control.Relaunch1` at the hub's path, for `remotectl doctor` and
  /// `remotectl play` with no player, its plays sent along `commands`:
  ///
  /// - `Enabled` (`b`): whether a play with no player starts the last Now Playing app.
  /// - `LastPlayer` (`s`), `LastDesktopEntry` (`s`), `LastIdentity` (`s`): the last Now Playing
  ///   app's MPRIS bus name, `DesktopEntry` and `Identity`, empty when unknown.
  /// - `Plan` (`s`): what a play with no player would start, in words (`D-Bus activation of
  ///   org.mpris.MediaPlayer2.vlc`), or `nothing: ` and why.
  /// - `Play() → s`: plays the Now Playing player; with no player on the bus, starts the last
  ///   Now Playing app first (what remotectl calls when it finds no player for `play` or
  ///   `play-pause`). Answers the player's bus name, or fails with
  ///   `io.github.swift_remote_control.Hub1.Error.NoPlayer` saying why nothing plays.
  ///
  /// No property is announced: read them when needed.
  package func interface(commands: CommandPath) -> Interface {
    Interface(
      name: Relaunch1.interface,
      methods: [
        Interface.Method(Relaunch1.Method.play, out: "s", outNames: ["player"]) { [self] call in
          play(call, commands: commands)
        }
      ],
      properties: [
        Interface.Property(Relaunch1.Property.enabled, "b", change: .none) { [options] in
          .bool(options.isEnabled)
        },
        Interface.Property(Relaunch1.Property.lastPlayer, "s", change: .none) { [self] in
          .string(last?.busName ?? "")
        },
        Interface.Property(Relaunch1.Property.lastDesktopEntry, "s", change: .none) { [self] in
          .string(last?.desktopEntry ?? "")
        },
        Interface.Property(Relaunch1.Property.lastIdentity, "s", change: .none) { [self] in
          .string(last?.identity ?? "")
        },
        Interface.Property(Relaunch1.Property.plan, "s", change: .none) { [self] in .string(planDescription)
        },
      ])
  }
}

extension Relauncher {
  /// `Play()`: see ``interface(commands:)``. The play goes along the hub's command path, which
  /// brings back the last app when no player is on the bus.
  private func play(_ call: MethodCall, commands: CommandPath) {
    commands.send(.player(.play), to: .nowPlaying) { [hub] result in
      switch result {
      case .success: call.reply([.string(hub.nowPlaying.active?.busName ?? "")])
      case .failure(let error): call.fail(error)
      }
    }
  }
}
