import BrowserTestSupport
import BusTestSupport
import Crypto
import Foundation
import Testing
import WebRemote

/// The page's own SHA-256 and HMAC-SHA-256 (`js/hmac.js`, for plain HTTP has no
/// `crypto.subtle`) and its signatures (`js/signing.js`), run in Chromium: the standards'
/// vectors, and agreement with the hub's swift-crypto on random keys and messages.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun), .timeLimit(.minutes(3)))
struct PageSigningTests {
  /// Runs `script` (with `arguments[0]` the page's origin) in the page, unpaired.
  private func evaluate(_ script: String, _ arguments: [String] = []) async throws -> String {
    var result = ""
    try await WebRemoteStage.run { stage in
      let browser = try await stage.openBrowser()
      let origin = try WebRemoteStage.origin(of: try await stage.pairingURL())
      try await browser.open(origin + "/")
      result = try await browser.evaluate(script, [origin] + arguments, as: String.self)
    }
    return result
  }

  @Test func theModuleGivesTheStandardsSHA256AndHMACVectorsAndAgreesWithSwiftCrypto() async throws {
    // Random keys (short, block-sized, longer than a block) and messages (across the padding
    // boundaries), signed by swift-crypto here and by the page there.
    var generator = SystemRandomNumberGenerator()
    let cases: [(key: [UInt8], message: [UInt8])] = [0, 1, 20, 55, 56, 63, 64, 65, 119, 120, 1000].map {
      length in
      let keyLength = [16, 32, 64, 100, 131][Int.random(in: 0..<5, using: &generator)]
      return (
        (0..<keyLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) },
        (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      )
    }
    let vectors = cases.map { "\($0.key.hexadecimalText) \($0.message.hexadecimalText)" }.joined(
      separator: ",")
    let expected = cases.map { entry in
      Array(HMAC<SHA256>.authenticationCode(for: entry.message, using: SymmetricKey(data: entry.key)))
        .hexadecimalText
    }
    let time: Int64 = 1_764_000_000_123
    let key = Base64URL.random(count: 32)
    let signed = RequestSignature.sign(
      id: "d5c1e0a2b7", key: Base64URL.decode(key) ?? [], method: "POST",
      target: "/api/players/binaural/volume",
      body: Array(#"{"volume":0.5}"#.utf8), time: time, nonce: "00112233445566778899aabbccddeeff")
    let socketKey = RequestSignature.socketKey(
      deviceKey: Base64URL.decode(key) ?? [], nonce: "00112233445566778899aabbccddeeff")

    let result = try await evaluate(
      """
      return Promise.all([import(arguments[0] + '/js/hmac.js'), import(arguments[0] + '/js/signing.js')])
        .then(([{ sha256, hmacSHA256, hex, fromHex }, { Signer }]) => {
          const h = (text) => hex(sha256(text));
          const mac = (key, data) => hex(hmacSHA256(fromHex(key), typeof data === 'string' ? data : data));
          const rfc4231 = [
            mac('0b'.repeat(20), 'Hi There'),
            mac(hex(new TextEncoder().encode('Jefe')), 'what do ya want for nothing?'),
            mac('aa'.repeat(20), fromHex('dd'.repeat(50))),
            mac('0102030405060708090a0b0c0d0e0f10111213141516171819', fromHex('cd'.repeat(50))),
            mac('aa'.repeat(131), 'Test Using Larger Than Block-Size Key - Hash Key First'),
            mac('aa'.repeat(131), 'This is a test using a larger than block-size key and a larger than '
              + 'block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
          ];
          const fips = [h(''), h('abc'), h('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
            h('abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'),
            h(new Uint8Array(1000000).fill(0x61))];
          const random = arguments[1].split(',').map((pair) => {
            const [key, message] = pair.split(' ');
            return hex(hmacSHA256(fromHex(key), fromHex(message)));
          });
          const signer = new Signer({ id: 'd5c1e0a2b7', key: arguments[2], now: () => 1764000000123,
            nonce: () => '00112233445566778899aabbccddeeff' });
          const signed = signer.sign('POST', '/api/players/binaural/volume', '{"volume":0.5}').value;
          return JSON.stringify({ rfc4231, fips, random, signed,
            socketKey: hex(signer.socketKey('00112233445566778899aabbccddeeff')) });
        });
      """, [vectors, key])
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
    #expect(
      answer["rfc4231"] as? [String] == [
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
      ])
    #expect(
      answer["fips"] as? [String] == [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      ])
    #expect(answer["random"] as? [String] == expected)
    #expect(answer["signed"] as? String == signed)
    #expect(answer["socketKey"] as? String == socketKey.hexadecimalText)
  }

  @Test func aPairedPageWhoseClockIsTwoMinutesOffCatchesUpFromTheHubsTime() async throws {
    try await WebRemoteStage.run { stage in
      let browser = try await stage.openBrowser()
      let url = try await stage.pairingURL()
      try await browser.open(url.absoluteString)
      try await RemotePage(browser: browser).waitForText(
        "title", try await stage.metadata("xesam:title", of: "binaural"))
      // The page's own module instance: its signer, its clock put two minutes behind the hub's.
      let result = try await browser.evaluate(
        """
        return import(arguments[0] + '/js/api.js').then(async (api) => {
          const signer = api.currentSigner();
          signer.offset -= 120000;
          const answer = await api.session();
          return JSON.stringify({ id: answer.device.id, offset: Math.round(Math.abs(signer.offset) / 1000) });
        });
        """, [try WebRemoteStage.origin(of: url)], as: String.self)
      let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
      #expect((answer["id"] as? String)?.isEmpty == false)
      // The hub and the browser share this machine's clock: caught up, the offset is near 0.
      #expect((answer["offset"] as? Int ?? 999) < 5, "\(answer)")
    }
  }

  @Test func signingARequestTakesUnderAMillisecondInTheBrowser() async throws {
    let result = try await evaluate(
      """
      return import(arguments[0] + '/js/signing.js').then(({ Signer, FrameSigner }) => {
        const signer = new Signer({ id: 'd5c1e0a2b7', key: 'q'.repeat(43) });
        const body = JSON.stringify({ volume: 0.5 });
        for (let i = 0; i < 200; i++) signer.authorization('POST', '/api/players/binaural/volume', body);
        const count = 2000;
        let start = performance.now();
        for (let i = 0; i < count; i++) signer.authorization('POST', '/api/players/binaural/volume', body);
        const request = (performance.now() - start) / count;
        const frames = new FrameSigner(signer.socketKey('00112233445566778899aabbccddeeff'));
        start = performance.now();
        for (let i = 0; i < count; i++) frames.frame({ type: 'command', id: 'c' + i, player: 'binaural', command: 'togglePlayPause' });
        const frame = (performance.now() - start) / count;
        return JSON.stringify({ request, frame });
      });
      """)
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Double])
    let request = try #require(answer["request"])
    let frame = try #require(answer["frame"])
    print("signing in Chromium: \(request) ms a request, \(frame) ms a socket message")
    // The goal is 1 ms; a loaded CI machine gets five times the room before this fails.
    #expect(request < 5)
    #expect(frame < 5)
  }
}

extension Array<UInt8> {
  fileprivate var hexadecimalText: String { map { String(format: "%02x", $0) }.joined() }
}
