import Crypto
import HubSupport
import Hummingbird

/// A request's proof that a paired device sent it, now, once: `Authorization: RemoteHMAC
/// ID.TIME.NONCE.SIGNATURE`, or the same value as the query's `auth` parameter (a WebSocket
/// upgrade and an `<img>` cannot carry headers). SIGNATURE is HMAC-SHA-256, with the device's
/// key, of ``canonical(method:target:time:nonce:body:)``: the method, the path and query (the
/// `auth` parameter taken out), the time in milliseconds since the Unix epoch, the nonce and the
/// body's SHA-256. The key itself never crosses the network.
package struct RequestSignature: Sendable, Hashable {
  /// The `Authorization` scheme.
  package static let scheme = "RemoteHMAC"
  /// The first line of every signed text: the scheme's version.
  package static let version = "remotectld-signature-1"
  /// The first line of the text a socket's key is made from.
  static let socketVersion = "remotectld-socket-1"
  /// How far the time may be from the hub's, either way, in milliseconds.
  package static let maximumSkew: Int64 = 30_000

  /// The device's id (while pairing: the pairing code).
  package var id: String
  /// When it was signed, in milliseconds since the Unix epoch.
  package var time: Int64
  /// 16 to 64 characters of `[0-9A-Za-z_-]`, never used twice.
  package var nonce: String
  /// The HMAC, 32 bytes.
  package var signature: [UInt8]

  /// Parses `ID.TIME.NONCE.SIGNATURE` (SIGNATURE in hexadecimal).
  package init(parsing value: String) throws(APIError) {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw APIError(.unauthorized, "a signature is ID.TIME.NONCE.SIGNATURE, four fields separated by dots")
    }
    guard let time = Int64(parts[1]) else {
      throw APIError(.unauthorized, "the signature's time is not a number")
    }
    let nonce = String(parts[2])
    guard (16...64).contains(nonce.utf8.count), nonce.utf8.allSatisfy(Self.isNonceByte) else {
      throw APIError(.unauthorized, "the signature's nonce is not 16 to 64 characters of [0-9A-Za-z_-]")
    }
    guard let signature = [UInt8](hexadecimal: parts[3]), signature.count == 32 else {
      throw APIError(.unauthorized, "the signature is not 64 hexadecimal digits")
    }
    self.init(id: String(parts[0]), time: time, nonce: nonce, signature: signature)
  }

  /// A signature of these fields.
  package init(id: String, time: Int64, nonce: String, signature: [UInt8]) {
    self.id = id
    self.time = time
    self.nonce = nonce
    self.signature = signature
  }

  /// The request's signature: its `Authorization: RemoteHMAC`, else its `auth` query
  /// parameter; `nil` when it carries neither. Throws when one is there but malformed.
  static func of(_ request: Request) throws(APIError) -> RequestSignature? {
    if let authorization = request.headers[.authorization],
      authorization.lowercased().hasPrefix(scheme.lowercased() + " ")
    {
      return try RequestSignature(parsing: String(authorization.dropFirst(scheme.count + 1)).trimmed)
    }
    guard let value = authParameter(of: request.head.path ?? "") else { return nil }
    return try RequestSignature(parsing: value)
  }

  /// What a signature covers: the method, the target (`target(of:)`), the time, the nonce
  /// and the body's SHA-256 in hexadecimal, one a line, after ``version``.
  package static func canonical(
    method: String, target: String, time: Int64, nonce: String, body: some Sequence<UInt8>
  )
    -> String
  {
    [version, method.uppercased(), target, String(time), nonce, SHA256.hash(data: Array(body)).hexadecimal]
      .joined(separator: "\n")
  }

  /// The `RemoteHMAC` value (`ID.TIME.NONCE.SIGNATURE`) that device `id` holding `key` sends:
  /// how clients sign (the page does the same in `js/signing.js`).
  package static func sign(
    id: String, key: [UInt8], method: String, target: String, body: some Sequence<UInt8> = [UInt8](),
    time: Int64, nonce: String
  ) -> String {
    let text = canonical(method: method, target: target, time: time, nonce: nonce, body: body)
    let mac = HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: key))
    return "\(id).\(time).\(nonce).\(Array(mac).hexadecimal)"
  }

  /// Checks the signature over `request`'s method and target and `body`, with `key`, at `now`
  /// (ms since the Unix epoch): a wrong signature, then a time more than ``maximumSkew`` away,
  /// are refused with `unauthorized`. The nonce is the caller's to check (``ReplayCache``).
  func verify(key: [UInt8], method: String, target: String, body: some Sequence<UInt8>, now: Int64)
    throws(APIError)
  {
    let text = Self.canonical(method: method, target: target, time: time, nonce: nonce, body: body)
    guard
      HMAC<SHA256>.isValidAuthenticationCode(
        signature, authenticating: Array(text.utf8), using: SymmetricKey(data: key))
    else {
      throw APIError(
        .unauthorized, "the request's signature is wrong: it was not signed with this device's key")
    }
    let skew = now - time
    guard abs(skew) <= Self.maximumSkew else {
      throw APIError(
        .unauthorized,
        "the request was signed \(abs(skew) / 1000) s \(skew > 0 ? "ago" : "ahead of the hub's clock"); "
          + "signatures are good for \(Self.maximumSkew / 1000) s (the hub's time is in X-Remote-Time)")
    }
  }

  /// The key of the WebSocket whose upgrade this signature signed: HMAC-SHA-256 of
  /// ``socketVersion`` and the nonce with the device's key. Only the device and the hub know it,
  /// and no other connection has it.
  func socketKey(deviceKey: [UInt8]) -> [UInt8] {
    Self.socketKey(deviceKey: deviceKey, nonce: nonce)
  }

  /// HMAC-SHA-256 of `text` (as UTF-8) with `key`, in hexadecimal: how a socket's message is
  /// signed, `text` being its sequence number, a line feed and the message.
  package static func hmac(key: [UInt8], _ text: String) -> String {
    Array(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: key))).hexadecimal
  }

  /// The key of the socket whose upgrade carried `nonce`, for a device holding `deviceKey`.
  package static func socketKey(deviceKey: [UInt8], nonce: String) -> [UInt8] {
    Array(
      HMAC<SHA256>.authenticationCode(
        for: Array("\(socketVersion)\n\(nonce)".utf8), using: SymmetricKey(data: deviceKey)))
  }

  /// What is signed of `request`'s target: its path and query as sent, the `auth` parameter
  /// taken out (and the `?` with it when nothing else is left).
  static func target(of request: Request) -> String {
    let raw = request.head.path ?? "/"
    guard let question = raw.firstIndex(of: "?") else { return raw }
    let kept = raw[raw.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("auth=") }
    return kept.isEmpty
      ? String(raw[..<question]) : String(raw[..<question]) + "?" + kept.joined(separator: "&")
  }

  private static func authParameter(of target: String) -> String? {
    guard let question = target.firstIndex(of: "?") else { return nil }
    return target[target.index(after: question)...].split(separator: "&").first { $0.hasPrefix("auth=") }
      .map { String($0.dropFirst("auth=".count)) }
  }

  private static func isNonceByte(_ byte: UInt8) -> Bool {
    byte == 0x2D || byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
      || (0x61...0x7A).contains(byte)
  }
}

extension String {
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
