internal import ArgumentParser
internal import Glibc
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
    func date(_ milliseconds: Int64) -> String {
      milliseconds <= 0 ? "never" : Self.localISO8601(secondsSince1970: Int(milliseconds / 1000))
    }
    for device in devices {
      StandardStreams.write(
        "\(device.id)  paired \(date(device.pairedAt))  seen \(date(device.lastSeen))  \(device.name)\n")
    }
  }

  /// The local time of `seconds` since 1970 in ISO 8601, as Foundation's `ISO8601DateFormatter`
  /// in the current time zone writes it (`2026-11-26T21:05:00+01:00`, `Z` for UTC).
  ///
  /// The corresponding C functions are `localtime_r` and `strftime`.
  static func localISO8601(secondsSince1970 seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return "\(seconds)" }
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
    let text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let offset = parts.tm_gmtoff / 60
    guard offset != 0 else { return text + "Z" }
    let hours = abs(offset) / 60
    let minutes = abs(offset) % 60
    return text + (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "")
      + "\(minutes)"
  }
}
