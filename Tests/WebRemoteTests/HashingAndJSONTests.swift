import BusTestSupport
import Crypto
import Foundation
import HubSupport
import Testing

@testable import WebRemote

@Suite("SHA-256, hexadecimal and JSON")
struct HashingAndJSONTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func tokenDigestsAreTheStandardsSHA256InLowerCaseHexadecimal(message: String, digest: String) {
    // The expression the device store writes for a token.
    #expect(SHA256.hash(data: Array(message.utf8)).hexadecimal == digest)
  }

  @Test func hexadecimalWritesTwoLowerCaseDigitsPerByte() {
    #expect([UInt8]().hexadecimal == "")
    #expect([UInt8]([0x00, 0x0F, 0xA0, 0xFF, 0x5C]).hexadecimal == "000fa0ff5c")
  }

  @Test func hexadecimalReadsBackWhatItWritesInEitherCaseAndNothingElse() {
    let bytes: [UInt8] = [0x00, 0x0F, 0xA0, 0xFF, 0x5C]
    #expect([UInt8](hexadecimal: bytes.hexadecimal) == bytes)
    #expect([UInt8](hexadecimal: "000FA0fF5c") == bytes)
    #expect([UInt8](hexadecimal: "") == [])
    for wrong in ["0", "0g", "-1", "0x00", " 00"] {
      #expect([UInt8](hexadecimal: wrong) == nil, "\(wrong)")
    }
  }

  @Test func sha256MatchesTheStandardsMillionAVector() {
    let bytes = [UInt8](repeating: 0x61, count: 1_000_000)
    #expect(
      SHA256.hash(data: bytes).hexadecimal
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func theStoreKeepsEachDevicesKeyAndAnOlderDevicesTokenOnlyAsItsSha256sum() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "webremote-digest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    // A device paired before requests were signed: its token's SHA-256 as sha256sum computes it.
    let token = "an-older-device-token"
    let tokenFile = directory.appendingPathComponent("token")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(token.utf8).write(to: tokenFile)
    let sum = try await ChildProcess.run("sha256sum", [tokenFile.path])
    #expect(sum.succeeded, "\(sum)")
    let digest = try #require(sum.trimmed.split(separator: " ").first.map(String.init))
    try Data(
      #"{"devices": [{"id": "0a0b0c0d0e", "name": "old", "tokenSHA256": "\#(digest)", "pairedAt": 1, "lastSeen": 2}]}"#
        .utf8
    ).write(to: directory.appendingPathComponent("devices.json"))

    let store = try await DeviceStore.open(directory: directory.path)
    #expect(store.device(bearer: token)?.id == "0a0b0c0d0e")
    #expect(store.signingKey(id: "0a0b0c0d0e") == nil)
    let code = store.newCode()
    let device = try await store.pair(code: code.text, name: "signed") { key throws(APIError) in
      guard Base64URL.encode(key) == code.key else { throw APIError(.unauthorized, "another key") }
    }
    #expect(store.signingKey(id: device.id)?.1 == Base64URL.decode(code.key))
    let saved = try JSONValue.parse(Data(contentsOf: directory.appendingPathComponent("devices.json")))
    guard case .array(let devices)? = saved["devices"] else {
      Issue.record("devices.json has no devices list: \(saved.text)")
      return
    }
    #expect(devices.count == 2)
    #expect(devices.first?["tokenSHA256"]?.stringValue == digest)
    #expect(devices.last?["id"]?.stringValue == device.id)
    #expect(devices.last?["key"]?.stringValue == code.key)
    #expect(!saved.text.contains(token))
  }

  @Test(arguments: [
    ("", "Unexpected end of file"),
    ("{", "Unexpected end of file"),
    ("nul", "Unexpected end of file"),
    ("{\"a\":}", "Invalid value around character 5"),
    ("1 2", "Invalid value around character 2"),
    ("01", "Number with leading zero"),
    ("[01]", "Number with leading zero"),
    ("1e400", "Number 1e400 is not representable"),
    ("\"\\x\"", "Invalid escape sequence"),
    ("\"\u{01}\"", "Unescaped control character"),
    (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "Too many nested arrays"),
  ])
  func malformedJSONIsRefusedWithFoundationsReason(text: String, reason: String) {
    let error = #expect(throws: APIError.self) { try JSONValue.parseBody(Array(text.utf8)) }
    #expect(error?.code == .badRequest)
    #expect(error?.message.hasPrefix("the body is not valid JSON: ") == true, "\(String(describing: error))")
    #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
  }

  @Test func aNumberIsNotABooleanNorABooleanANumber() throws {
    let value = try JSONValue.parse(Array(#"{"one":1,"yes":true,"text":"1"}"#.utf8))
    #expect(value["one"] == .integer(1))
    #expect(value["one"]?.boolValue == nil)
    #expect(value["yes"] == .bool(true))
    #expect(value["yes"]?.doubleValue == nil)
    #expect(value["text"]?.doubleValue == nil)
  }

  @Test func aWholeNumberBeyondInt64IsReadAsADouble() throws {
    let value = try JSONValue.parse(Array(#"[9223372036854775807,9223372036854775808,1e30]"#.utf8))
    let kinds = value.arrayValue?.map { element in
      switch element {
      case .integer: "integer"
      case .number: "number"
      default: "\(element)"
      }
    }
    #expect(kinds == ["integer", "number", "number"])
    #expect(value.arrayValue?.last?.doubleValue == 1e30)
  }

  @Test func nestingUpToFoundationsLimitIsRead() async throws {
    let depth = 500
    var value = try JSONValue.parse(
      Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
    var levels = 1
    while case .array(let elements) = value, let inner = elements.first {
      value = inner
      levels += 1
    }
    #expect(levels == depth)
  }

  @Test func jsonRoundTripsStringsNumbersAndNesting() throws {
    let text = #"{"a":[1,2.5,-3.25e1,true,false,null],"b":"é\n\"\u2028😀","c":{}}"#
    let value = try JSONValue.parse(Array(text.utf8))
    #expect(
      value["a"] == .array([.integer(1), .number(2.5), .number(-32.5), .bool(true), .bool(false), .null]))
    #expect(value["b"]?.stringValue == "é\n\"\u{2028}😀")
    #expect(value["c"] == .object([]))
    #expect(try JSONValue.parse(Array(value.text.utf8)) == value)
  }

  @Test func integersAndWholeNumbersAreTheSameJSONButWrittenApart() {
    #expect(JSONValue.integer(3) == .number(3))
    #expect(Set<JSONValue>([.integer(3), .number(3)]).count == 1)
    #expect(JSONValue.integer(3) != .number(3.5))
    #expect(JSONValue.number(.nan) == .number(.nan))
    #expect(JSONValue.integer(3).text == "3")
    #expect(JSONValue.number(3).text == "3.0")
    #expect(JSONValue.number(.infinity).text == "null")
  }

  @Test func theShortestNumberIsWrittenAsJavaScriptWritesIt() {
    #expect(JSONValue.shortestNumber(15).text == "15")
    #expect(JSONValue.shortestNumber(-2).text == "-2")
    #expect(JSONValue.shortestNumber(0.25).text == "0.25")
    #expect(JSONValue.shortestNumber(1e20).text == "1e+20")
  }

  @Test func anObjectFromADictionaryHasItsKeysSorted() {
    #expect(JSONValue.object(["b": .integer(1), "a": .null]).text == #"{"a":null,"b":1}"#)
  }

  @Test func anObjectIsReadWithItsKeysSorted() throws {
    let value = try JSONValue.parse(Array(#"{"b":1,"c":2,"a":3}"#.utf8))
    #expect(value == .object([("a", .integer(3)), ("b", .integer(1)), ("c", .integer(2))]))
  }
}
