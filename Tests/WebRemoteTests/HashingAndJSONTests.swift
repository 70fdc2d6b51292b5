import Foundation
import Testing

@testable import WebRemote

@Suite("SHA-256 and JSON")
struct HashingAndJSONTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardsVectors(message: String, digest: String) {
    #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func sha256MatchesSha256sumOnAMillionBytes() async throws {
    let bytes = [UInt8](repeating: 0x61, count: 1_000_000)
    #expect(
      SHA256.hex(SHA256.hash(bytes)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: [
    "", "{", "{\"a\":}", "[1,]", "{\"a\":1,\"a\":2}", "01", "\"\\x\"", "nul", "1 2", "\"\u{01}\"",
    String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
  ])
  func malformedJSONIsRefusedWithAReason(text: String) {
    #expect(throws: APIError.self) { try JSON.parse(Array(text.utf8)) }
  }

  @Test func jsonRoundTripsStringsNumbersAndNesting() throws {
    let text = #"{"a":[1,2.5,-3e2,true,false,null],"b":"é\n\"\u2028😀","c":{}}"#
    let value = try JSON.parse(Array(text.utf8))
    #expect(
      value["a"] == .array([.integer(1), .number(2.5), .number(-300), .bool(true), .bool(false), .null]))
    #expect(value["b"]?.stringValue == "é\n\"\u{2028}😀")
    #expect(try JSON.parse(Array(value.text.utf8)) == value)
  }
}
