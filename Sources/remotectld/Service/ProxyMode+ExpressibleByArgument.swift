import ArgumentParser
import HubCore

/// `--proxy auto|on|playerctld|off`: the mode read from the command line by its raw value, the
/// cases listed in the help and in the error for a value that is none of them. Here, not beside
/// ``ProxyMode``, so that the hub's core does not depend on swift-argument-parser.
extension ProxyMode: ExpressibleByArgument {}
