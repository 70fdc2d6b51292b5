internal import ArgumentParser
internal import Glibc
internal import RemoteControlMPRIS

/// `remotectl pair`: a single-use pairing from the running hub, printed as the web remote's URL
/// (the code and the new device's key in its fragment) and as a QR code to scan with a phone.
struct PairCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pair",
    abstract: "Pair a phone or browser with the web remote: prints its URL and a QR code",
    discussion: """
      Asks the running Now Playing hub (remotectld) for a pairing, valid once and for 60 \
      seconds, and prints the URL to open, with the code and a new device key in its fragment \
      (which browsers never send), and a QR code of it. The browser that opens it keeps the key \
      and signs every request with it; the key itself never crosses the network. Show the URL to \
      nobody else. `remotectl devices` lists and revokes devices. Start remotectld with --lan (or \
      lan = yes in its configuration file) for a phone on the local network to reach it.
      """)

  @Flag(help: "Print only the URL, no QR code.")
  var noQR = false

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let pairing = try await WebRemoteClient(session: session).pair()
    if !noQR {
      do {
        let code = try QRCode(pairing.url)
        StandardStreams.write(code.terminalText(colors: isatty(STDOUT_FILENO) == 1) + "\n")
      } catch {
        StandardStreams.writeError("No QR code: \(error.description)")
      }
    }
    StandardStreams.write("\(pairing.url)\n")
    StandardStreams.write("The code \(pairing.code) works once, for \(pairing.seconds) seconds.\n")
  }
}
