import BusTestSupport
import Foundation
import Glibc
import SoundServer
import Testing

/// A home, a runtime folder and a system root of their own, in a temporary folder, removed after.
private struct Places: ~Copyable {
  let folder: URL
  var home: String { folder.path + "/home" }
  var runtime: String { folder.path + "/run/user" }
  var root: String { folder.path + "/root" }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString)")
    for path in ["/home", "/run/user/pulse", "/root/etc/pulse", "/root/run/pulse"] {
      try FileManager.default.createDirectory(atPath: folder.path + path, withIntermediateDirectories: true)
    }
    // Debian's own: every key commented out.
    try write("; default-server =\n; autospawn = yes\n", to: root + "/etc/pulse/client.conf")
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The places as the hub reads them with `environment` added to its home and runtime folder.
  func reading(_ environment: [String: String] = [:]) -> SoundServerPlaces {
    SoundServerPlaces(
      environment: ["HOME": home, "XDG_RUNTIME_DIR": runtime].merging(environment) { $1 }, root: root)
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// Whether the hub loads libpulse: only where libpulse itself would find a server.
@Suite("Where a sound server may answer, read without libpulse")
struct SoundServerPlacesTests {
  @Test(
    "no socket, no PULSE_SERVER, DISPLAY or default-server: none may answer, and the error says where it looked"
  )
  func noPlace() throws {
    let places = try Places()
    let absence = try #require(places.reading().absence(at: nil))
    #expect(absence.contains(places.runtime + "/pulse/native"))
    #expect(absence.contains("PULSE_SERVER"))
  }

  @Test func `the per-user socket, as PulseAudio or pipewire-pulse makes it, may answer`() throws {
    let places = try Places()
    let socket = try bindUnixSocket(at: places.runtime + "/pulse/native")
    defer { close(socket) }
    #expect(places.reading().absence(at: nil) == nil)
  }

  @Test func `PULSE_RUNTIME_PATH's socket counts instead of the runtime folder's`() throws {
    let places = try Places()
    let socket = try bindUnixSocket(at: places.home + "/native")
    defer { close(socket) }
    #expect(places.reading(["PULSE_RUNTIME_PATH": places.home]).absence(at: nil) == nil)
    #expect(places.reading().absence(at: nil) != nil)
  }

  @Test func `the system-wide socket may answer`() throws {
    let places = try Places()
    let socket = try bindUnixSocket(at: places.root + "/run/pulse/native")
    defer { close(socket) }
    #expect(places.reading().absence(at: nil) == nil)
  }

  @Test func `a server named, by the caller, PULSE_SERVER or an X11 display, may answer`() throws {
    let places = try Places()
    #expect(places.reading().absence(at: "unix:/nowhere/native") == nil)
    #expect(places.reading(["PULSE_SERVER": "tcp:speaker.local"]).absence(at: nil) == nil)
    #expect(places.reading(["DISPLAY": ":0"]).absence(at: nil) == nil)
    #expect(places.reading(["PULSE_SERVER": "", "DISPLAY": ""]).absence(at: nil) != nil)
  }

  @Test("a client.conf that names a server, in any place libpulse reads, counts; a commented one does not")
  func clientConfiguration() throws {
    let places = try Places()
    let user = places.home + "/.config/pulse/client.conf"
    try places.write("# default-server = unix:/elsewhere\n;default-server=x\n", to: user)
    #expect(places.reading().absence(at: nil) != nil)
    try places.write("autospawn = no\n  default-server = unix:/elsewhere/native\n", to: user)
    #expect(places.reading().absence(at: nil) == nil)
    try FileManager.default.removeItem(atPath: user)
    try places.write(
      "auto-connect-localhost = yes\n", to: places.root + "/etc/pulse/client.conf.d/50-tcp.conf")
    #expect(places.reading().absence(at: nil) == nil)
    let other = places.folder.path + "/mine.conf"
    try places.write("default-server = tcp:speaker.local\n", to: other)
    #expect(places.reading(["PULSE_CLIENTCONFIG": other]).absence(at: nil) == nil)
  }

  @Test("with no runtime folder, libpulse's own fallback under the home folder is left to libpulse")
  func noRuntimeFolder() throws {
    let places = try Places()
    let reading = SoundServerPlaces(environment: ["HOME": places.home], root: places.root)
    #expect(reading.absence(at: nil) == nil)
  }
}
