import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Exported objects, seen by clients we did not write", .leavesNoChildProcesses)
struct ExportTests {
  @Test("Introspection lists our methods with argument names, properties and signals")
  func introspection() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.gdbus(
      "introspect", "--dest", TestService.name.rawValue, "--object-path",
      TestService.path.rawValue)
    #expect(result.status == 0, "\(result.error)")
    let text = result.output
    #expect(text.contains("interface org.example.Test"))
    #expect(text.contains("Echo(in  v value,"))
    #expect(text.contains("out v same);"))
    #expect(text.contains("Concat(in  s first,"))
    #expect(text.contains("signals:\n      Seeked(x position);"))
    #expect(text.contains("readwrite d Volume"))
    #expect(text.contains("readonly x Position"))
    #expect(text.contains("org.freedesktop.DBus.Properties"))
    #expect(text.contains("org.freedesktop.DBus.Peer"))
    let xml = try await fixture.bus.gdbus(
      "introspect", "--xml", "--dest", TestService.name.rawValue, "--object-path",
      TestService.path.rawValue)
    #expect(
      xml.output.contains(
        "<property name=\"Position\" type=\"x\" access=\"read\">\n   <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"false\"/>"
      ))
  }

  @Test("Properties Get, GetAll and Set work through busctl")
  func propertiesThroughBusctl() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let name = TestService.name.rawValue
    let path = TestService.path.rawValue
    let iface = TestService.interfaceName
    let get = try await fixture.bus.busctl("get-property", name, path, iface, "Volume")
    #expect(get.output == "d 0.5\n", "\(get.error)")
    let set = try await fixture.bus.busctl("set-property", name, path, iface, "Volume", "d", "0.75")
    #expect(set.status == 0, "\(set.error)")
    let again = try await fixture.bus.busctl("get-property", name, path, iface, "Volume")
    #expect(again.output == "d 0.75\n")
    let all = try await fixture.bus.gdbus(
      "call", "--dest", name, "--object-path", path, "--method",
      "org.freedesktop.DBus.Properties.GetAll", iface)
    for expected in [
      "'Volume': <0.75>", "'Title': <'First'>", "'Position': <int64 42>", "'Identity': <'Test Service'>",
    ] {
      #expect(all.output.contains(expected), "GetAll lacks \(expected): \(all.output)")
    }
    let peer = try await fixture.bus.busctl("call", name, path, "org.freedesktop.DBus.Peer", "Ping")
    #expect(peer.status == 0, "\(peer.error)")
  }

  @Test("A throwing setter's error reaches the caller, and the value is unchanged")
  func throwingSetter() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.gdbus(
      "call", "--dest", TestService.name.rawValue, "--object-path",
      TestService.path.rawValue, "--method", "org.freedesktop.DBus.Properties.Set",
      TestService.interfaceName, "Volume", "<-1.0>")
    #expect(result.status != 0)
    #expect(result.error.contains("org.example.Error.OutOfRange"), "\(result.error)")
    #expect(result.error.contains("Volume must be 0 or more"))
    do {
      try await fixture.setProperty("Volume", .double(-2))
      Issue.record("Set must fail")
    } catch {
      #expect(error.name == "org.example.Error.OutOfRange")
      #expect(error.message == "Volume must be 0 or more")
    }
    let value = try await fixture.client.call(
      destination: TestService.name, path: TestService.path,
      interface: "org.freedesktop.DBus.Properties", member: "Get",
      arguments: [.string(TestService.interfaceName), .string("Volume")])
    #expect(value == [.variant(.double(0.5))])
  }

  @Test("A setter learns the unique name of the caller that wrote the property")
  func setterLearnsTheCaller() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.pythonOnTestObject(
      """
      obj.Set('org.example.Test', 'Volume', dbus.Double(0.25, variant_level=1),
              dbus_interface='org.freedesktop.DBus.Properties')
      print(bus.get_unique_name())
      """)
    #expect(result.status == 0, "\(result.error)")
    let python = try #require(BusName(rawValue: result.output.trimmingCharacters(in: .newlines)))
    try await fixture.setProperty("Volume", .double(0.5))
    #expect(fixture.service.writersOfVolume == [python, fixture.client.uniqueName])
    #expect(python != fixture.client.uniqueName)
  }

  @Test("A property declared per reader answers each caller of Get for itself, by its process")
  func propertyPerReader() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let reading = Interface(
      name: "org.example.Reading",
      properties: [
        .init("Reader", "s", read: { reader in .string(reader?.command ?? "nobody") })
      ])
    let registration = try await fixture.server.export(reading, at: "/org/example/Reading")
    defer { registration.cancel() }
    let name = fixture.server.uniqueName.rawValue
    let busctl = try await fixture.bus.busctl(
      "get-property", name, "/org/example/Reading", "org.example.Reading", "Reader")
    #expect(busctl.output == "s \"busctl\"\n", "\(busctl)")
    let gdbus = try await fixture.bus.gdbus(
      "call", "--dest", name, "--object-path", "/org/example/Reading", "--method",
      "org.freedesktop.DBus.Properties.GetAll", "org.example.Reading")
    #expect(gdbus.output.contains("'Reader': <'gdbus'>"), "\(gdbus)")
  }

  @Test("A read-only property refuses Set with PropertyReadOnly")
  func readOnlyProperty() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.bus.gdbus(
      "call", "--dest", TestService.name.rawValue, "--object-path",
      TestService.path.rawValue, "--method", "org.freedesktop.DBus.Properties.Set",
      TestService.interfaceName, "Title", "<'x'>")
    #expect(result.error.contains("org.freedesktop.DBus.Error.PropertyReadOnly"), "\(result.error)")
  }

  @Test("A wrong-signature call gets InvalidArgs and the service keeps answering")
  func wrongSignature() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let result = try await fixture.pythonOnTestObject(
      """
      try:
          obj.Concat(dbus.Int32(1), dbus.Int32(2), signature='ii', dbus_interface='org.example.Test')
      except dbus.exceptions.DBusException as e:
          print(e.get_dbus_name())
      """)
    #expect(result.output == "org.freedesktop.DBus.Error.InvalidArgs\n", "\(result.error)")
    let busctlWrong = try await fixture.bus.busctl(
      "call", TestService.name.rawValue, TestService.path.rawValue,
      TestService.interfaceName, "Concat", "ii", "1", "2")
    #expect(busctlWrong.status != 0)
    #expect(busctlWrong.error.contains("Invalid arguments 'ii'"), "\(busctlWrong.error)")
    do {
      _ = try await fixture.call("Concat", [.int32(1)])
      Issue.record("a wrong signature must fail")
    } catch {
      #expect(error.name == .invalidArgs)
    }
    let busctlResult = try await fixture.bus.busctl(
      "call", TestService.name.rawValue, TestService.path.rawValue,
      TestService.interfaceName, "Concat", "ss", "ab", "cd")
    #expect(busctlResult.output == "s \"abcd\"\n", "\(busctlResult.error)")
  }

  @Test("Method errors, unknown methods and mismatched replies reach the caller by name")
  func errorReplies() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    await #expect(
      throws: BusError("org.example.Error.Refused", "this method always refuses", operation: "Fail")
    ) {
      try await fixture.call("Fail")
    }
    do {
      _ = try await fixture.call("NoSuchMethod")
      Issue.record("an unknown method must fail")
    } catch {
      #expect(error.name == .unknownMethod)
    }
    do {
      _ = try await fixture.call("WrongReply")
      Issue.record("a reply not matching the declared signature must fail")
    } catch {
      #expect(error.name == .failed)
      #expect(error.message.contains("\"i\" where \"s\" is declared"))
    }
  }

  @Test("A method that never replies does not block other calls, and can answer later")
  func hangingMethod() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let late = Task { try await fixture.call("Hang", timeout: .seconds(10)) }
    try await eventually("the call to reach its hanging handler") { fixture.service.hungCount == 1 }
    let busctlResult = try await fixture.bus.busctl(
      "call", TestService.name.rawValue, TestService.path.rawValue,
      TestService.interfaceName, "Concat", "ss", "still", "alive")
    #expect(busctlResult.output == "s \"stillalive\"\n")
    #expect(try await fixture.call("Echo", [.variant(.int32(1))]) == [.variant(.int32(1))])
    fixture.service.releaseHungCalls()
    #expect(try await late.value == [.string("late")])
  }

  @Test("A call the handler drops without answering fails with NoReply at once")
  func droppedCall() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    do {
      _ = try await fixture.call("Drop", timeout: .seconds(10))
      Issue.record("a dropped call must fail")
    } catch {
      #expect(error.name == .noReply)
    }
  }

  @Test("Exporting the same interface twice at a path is refused, and cancel unexports it")
  func registrationLifecycle() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    await #expect(throws: BusError.self) {
      try await fixture.server.export(fixture.service.interface, at: TestService.path)
    }
    fixture.registration.cancel()
    do {
      _ = try await fixture.call("Echo", [.variant(.int32(1))])
      Issue.record("an unexported object must not answer")
    } catch {
      #expect(error.name == .unknownObject || error.name == .unknownMethod)
    }
    let again = try await fixture.server.export(fixture.service.interface, at: TestService.path)
    #expect(try await fixture.call("Echo", [.variant(.int32(2))]) == [.variant(.int32(2))])
    again.cancel()
  }
}
