import HubCore

/// The command path brings back the last Now Playing app through the relauncher.
extension Relauncher: AppRelauncher {
  /// ``Options/isEnabled``.
  package var isEnabled: Bool { options.isEnabled }

  /// Whether ``last`` is known.
  var hasLastApp: Bool { last != nil }
}
