internal import ArgumentParser
internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// `remotectl button press|release`: the headset button's key going down and up, for the window
/// manager to run on the key's press and release; the Now Playing hub recognises the clicks as
/// iOS does.
struct ButtonCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "button",
    abstract: "Tell the Now Playing hub the headset button went down or up",
    discussion: """
      Bind `remotectl button press` to the headset key's press and `remotectl button release` to \
      its release. The hub (remotectld) counts the clicks as iOS does: one click plays or \
      pauses, two go to the next track, three to the previous one; two clicks and hold seek \
      forward and three clicks and hold seek backward, until the release. Like the hub's other \
      commands, press and release start an installed hub that does not run yet (D-Bus \
      activation). Only when no hub runs and none can be started does press play or pause the \
      player remotectl would choose, and release do nothing.
      """,
    subcommands: [ButtonPressCommand.self, ButtonReleaseCommand.self])

  /// Sends `member` (`Press` or `Release`) to the hub; `false` when no hub runs.
  static func send(_ member: String, session: BusSession) async throws(ControlError) -> Bool {
    do {
      _ = try await session.bus.connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: Button1.interface, member: member,
        timeout: .seconds(2))
      return true
    } catch {
      switch error.name.rawValue {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        return false
      case "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownMethod":
        throw ControlError(
          "The Now Playing hub that runs has no headset button: restart remotectld from this version")
      default:
        throw ControlError("The Now Playing hub did not answer \(member): \(error.message)")
      }
    }
  }
}

/// `remotectl button press`: the key went down.
struct ButtonPressCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "press", abstract: "The headset button went down")

  /// Which player plays or pauses when no hub runs.
  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let session = try BusSession.connect()
    let reached = try await ButtonCommand.send(Button1.Method.press, session: session)
    session.bus.close()
    if !reached { try await Controller.run(Request(.playPause, options)) }
  }
}

/// `remotectl button release`: the key came up.
struct ButtonReleaseCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "release", abstract: "The headset button came up")

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    _ = try await ButtonCommand.send(Button1.Method.release, session: session)
  }
}
