internal import ArgumentParser
internal import Foundation
internal import RemoteControlMPRIS

/// `remotectl devices [revoke ID]`: the browsers paired with the web remote, and revoking one.
struct DevicesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract: "List the devices paired with the web remote, or revoke one",
    discussion: """
      One line per device: its id, when it paired, when it was last seen, and its name. \
      `remotectl devices revoke ID` revokes its key at once and closes its connections.
      """)

  @Argument(help: ArgumentHelp("revoke, to revoke the device ID.", valueName: "revoke"))
  var action: String?

  @Argument(help: ArgumentHelp("The device to revoke.", valueName: "ID"))
  var id: String?

  @OptionGroup var options: GlobalOptions

  func validate() throws {
    switch (action, id) {
    case (nil, nil), ("revoke"?, _?): break
    case ("revoke"?, nil): throw ValidationError("revoke needs a device id: remotectl devices revoke ID")
    case (let other?, _):
      throw ValidationError("unknown action \"\(other)\"; use: remotectl devices revoke ID")
    case (nil, _?): throw ValidationError("unknown arguments; use: remotectl devices [revoke ID]")
    }
  }

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let client = WebRemoteClient(session: session)
    if let id {
      try await client.revoke(id)
      StandardStreams.write("Revoked \(id)\n")
      return
    }
    let devices = try await client.devices()
    if devices.isEmpty {
      StandardStreams.writeError("No paired devices: remotectl pair pairs one")
      return
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = .current
    func date(_ milliseconds: Int64) -> String {
      milliseconds <= 0
        ? "never" : formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
    for device in devices {
      StandardStreams.write(
        "\(device.id)  paired \(date(device.pairedAt))  seen \(date(device.lastSeen))  \(device.name)\n")
    }
  }
}
