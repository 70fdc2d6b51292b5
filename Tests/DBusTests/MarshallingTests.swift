import BusTestSupport
import DBus
import Foundation
import Testing

/// Samples of every D-Bus type, nested containers and variants included.
let everyKindOfValue: [Value] = [
  .byte(255), .bool(true), .bool(false), .int16(-32768), .uint16(65535), .int32(-7),
  .uint32(4_000_000_000), .int64(-9_000_000_000_000), .uint64(18_000_000_000_000_000_000),
  .double(3.25), .string("héllo wörld"), .string(""), .objectPath("/org/example/Path_1"),
  .signature("a{sv}"), .array(elementSignature: "i", [.int32(1), .int32(2)]),
  .array(elementSignature: "s", []),
  .array(elementSignature: "ay", [.array(elementSignature: "y", [.byte(1)])]),
  .structure([.int32(1), .string("x"), .structure([.double(0.5)])]),
  .dictionary(
    keySignature: "i", valueSignature: "a(sd)",
    [
      DictionaryEntry(
        key: .int32(1), value: .array(elementSignature: "(sd)", [.structure([.string("a"), .double(1)])]))
    ]),
  .vardict([
    "mpris:trackid": .objectPath("/org/example/track/1"), "mpris:length": .int64(123),
    "xesam:artist": .strings(["A", "B"]),
    "deep": .variant(.variant(.vardict(["inner": .uint64(9)]))),
  ]),
  .variant(.variant(.int32(3))),
]

/// One argument list for `EchoTyped` (signature ``TestService/allTypes``).
let typedArguments: [Value] = [
  .byte(7), .bool(true), .int16(-2), .uint16(3), .int32(-4), .uint32(5), .int64(-6),
  .uint64(7), .double(1.5), .string("s"), .objectPath("/o"), .signature("g"),
  .variant(.string("v")), .array(elementSignature: "y", [.byte(1), .byte(2)]),
  .vardict(["k": .int32(1)]), .structure([.int32(8), .string("t")]),
  .dictionary(
    keySignature: "i", valueSignature: "a(sd)",
    [
      DictionaryEntry(
        key: .int32(1), value: .array(elementSignature: "(sd)", [.structure([.string("z"), .double(2)])]))
    ]),
]

@Suite("Values round-trip through an exported method", .leavesNoChildProcesses)
struct MarshallingTests {
  @Test("Every value type round-trips through our own call and exported method", arguments: everyKindOfValue)
  func roundTripThroughOwnCall(_ value: Value) async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let reply = try await fixture.call("Echo", [.variant(value)])
    #expect(reply == [.variant(value)])
  }

  @Test("A body of every complete type round-trips with its declared signature")
  func typedRoundTrip() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    #expect(Value.signature(of: typedArguments) == TestService.allTypes)
    let reply = try await fixture.call("EchoTyped", typedArguments)
    #expect(reply == typedArguments)
  }

  @Test("A unix file descriptor arrives as a duplicate of the same open file")
  func unixFileDescriptor() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let file = FileHandle(forReadingAtPath: "/etc/hostname") ?? FileHandle.standardInput
    let reply = try await fixture.call("Echo", [.variant(.unixFD(file.fileDescriptor))])
    guard case .variant(.unixFD(let received))? = reply.first else {
      Issue.record("expected a unix fd, got \(reply)")
      return
    }
    defer { close(received) }
    var original = stat()
    var copy = stat()
    fstat(file.fileDescriptor, &original)
    fstat(received, &copy)
    #expect(received != file.fileDescriptor)
    #expect(original.st_ino == copy.st_ino && original.st_dev == copy.st_dev)
  }

  @Test("busctl sends and reads back every basic type and nested containers")
  func busctlRoundTrip() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.busctl(
      "call", TestService.name.rawValue, TestService.path.rawValue,
      TestService.interfaceName, "EchoTyped", TestService.allTypes.rawValue,
      "7", "true", "-2", "3", "-4", "5", "-6", "7", "1.5", "s", "/o", "g",
      "s", "v", "2", "1", "2", "1", "k", "i", "1", "8", "t", "1", "1", "1", "z", "2")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        == "\(TestService.allTypes) 7 true -2 3 -4 5 -6 7 1.5 \"s\" \"/o\" \"g\" s \"v\" 2 1 2 1 \"k\" i 1 8 \"t\" 1 1 1 \"z\" 2"
    )
  }

  @Test("gdbus sends nested variants in an a{sv} and reads them back unchanged")
  func gdbusRoundTrip() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.gdbus(
      "call", "--dest", TestService.name.rawValue, "--object-path",
      TestService.path.rawValue, "--method", "\(TestService.interfaceName).Echo",
      "<{'mpris:trackid': <objectpath '/t/1'>, 'mpris:length': <int64 5>, 'deep': <<uint32 9>>, 'list': <['a', 'b']>}>"
    )
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        == "(<{'mpris:trackid': <objectpath '/t/1'>, 'mpris:length': <int64 5>, 'deep': <<uint32 9>>, 'list': <['a', 'b']>}>,)"
    )
  }

  @Test("python3-dbus reads an a{sv} property with an object path and nested lists")
  func pythonReadsMetadata() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.run(
      PrivateBus.python3, [PythonProgram.path("metadata_reader.py"), fixture.bus.address])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == "ObjectPath /org/example/track/1\nInt64 1000000\n['Someone'] 7\n")
  }
}
