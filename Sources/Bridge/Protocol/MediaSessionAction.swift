/// A Media Session action a client can handle, as the W3C Media Session API names it
/// (`MediaSessionAction`); the eight that MPRIS can ask for.
enum MediaSessionAction: String, Sendable, Hashable, CaseIterable {
  case play
  case pause
  case stop
  case seekbackward
  case seekforward
  case seekto
  case previoustrack
  case nexttrack
}
