import DBus
import Testing

@Suite("Typed values without a bus")
struct ValueTests {
  @Test("Object paths follow the D-Bus rules and say which rule is broken")
  func objectPathValidation() throws {
    for good in ["/", "/org/mpris/MediaPlayer2", "/a_1/B2"] {
      #expect(throws: Never.self) { try ObjectPath(good) }
    }
    for bad in ["", "org", "/org/", "//org", "/org/mpris-x", "/org//x"] {
      #expect(ObjectPath(rawValue: bad) == nil, "\(bad) must be rejected")
    }
    let trailing = "/a/"
    do {
      _ = try ObjectPath(trailing)
      Issue.record("a trailing slash must be rejected")
    } catch {
      #expect(error.name == .invalidArgs)
      #expect(error.message.contains("root path"))
    }
  }

  @Test("Bus names follow the D-Bus rules, unique names included")
  func busNameValidation() {
    #expect(BusName(rawValue: "org.mpris.MediaPlayer2.vlc") != nil)
    #expect(BusName(rawValue: "org.mpris.MediaPlayer2.vlc.instance1234") != nil)
    #expect(BusName(rawValue: ":1.42")?.isUnique == true)
    for bad in ["", "org", "org..x", "org.1abc", ".org.x", "org.x!", String(repeating: "a.", count: 200)] {
      #expect(BusName(rawValue: bad) == nil, "\(bad) must be rejected")
    }
  }

  @Test("Signatures are checked and split into complete types")
  func signatureParsing() throws {
    let text = "sa{sv}(ia(sd))v"
    let signature = try Signature(text)
    #expect(signature.completeTypes.map(\.rawValue) == ["s", "a{sv}", "(ia(sd))", "v"])
    for bad in ["a", "(", "()", "{sv}", "a{vs}", "a{sss}", "z", "(ii"] {
      #expect(Signature(rawValue: bad) == nil, "\(bad) must be rejected")
    }
  }

  @Test("Every value computes its own signature, containers included")
  func valueSignatures() {
    #expect(Value.vardict(["a": .int32(1)]).signature == "a{sv}")
    #expect(Value.array(elementSignature: "ay", []).signature == "aay")
    #expect(Value.structure([.int32(1), .strings([])]).signature == "(ias)")
    #expect(Value.signature(of: [.string(""), .variant(.bool(true))]) == "sv")
  }
}
