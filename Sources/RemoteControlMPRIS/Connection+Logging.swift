import DBus
package import Logging

extension Connection {
  /// Logs to `logger` what the connection cannot tell a caller: what it does about a lost bus
  /// and what it could not register again (``Connection/onReconnectFailure``), and a signal it
  /// could not send or a matched message it could not read (``Connection/onUndeliveredMessage``).
  package func logsFailures(to logger: Logger) {
    onReconnectFailure = { error in logger.warning("\(error.message)", metadata: ["bus": "reconnect"]) }
    onUndeliveredMessage = { error in logger.warning("\(error.message)", metadata: ["bus": "undelivered"]) }
  }
}
