import Glibc
package import Hummingbird
package import HummingbirdCore
package import Logging
import NIOHTTP1

extension HTTPResponder where Context: RequestContext, Context.Source == ApplicationRequestContextSource {
  /// What a connection's HTTP channel calls for each request: a context for the connection,
  /// this responder's response (an error that is not an HTTP one answered 500), the `Date` and
  /// `Server` fields, and the response written.
  ///
  /// It mirrors the responder Hummingbird's `Application.run()` gives its server, for the
  /// servers the hub starts on its held sockets (``HeldSocketServer``).
  package func channelResponder(serverName: String? = nil, logger: Logger) -> HTTPChannelHandler.Responder {
    { request, writer, channel in
      let context = Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
      var response: Response
      do {
        response = try await respond(to: request, context: context)
      } catch let error as HTTPParserError {
        throw error
      } catch {
        logger.debug("Unrecognised Error", metadata: ["error.type": "\(error)"])
        response = Response(status: .internalServerError, body: ResponseBody())
      }
      response.headers[.date] = Self.httpDate()
      if let serverName { response.headers[.server] = serverName }
      do {
        try await writer.write(response: response.head, body: response.body)
      } catch is HTTPParserError {
        // Throwing the parser error would answer the request a second time; any other error
        // closes the connection, as Hummingbird's own does.
        throw ResponseNotWritten()
      }
    }
  }

  /// Now, as an HTTP date (RFC 9110's IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`.
  ///
  /// The corresponding C functions are `time`, `gmtime_r` and `strftime` (in the C locale, as a
  /// process that never calls `setlocale` has it).
  static func httpDate() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var text = [CChar](repeating: 0, count: 32)
    let length = strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
    return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// A response that failed half written because of what the client sent: the connection closes.
private struct ResponseNotWritten: Error {}
