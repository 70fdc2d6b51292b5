extension RemotePlayer {
  /// `org.freedesktop.DBus.Properties.Get` of one `org.mpris.MediaPlayer2.Player` property (its
  /// variant unwrapped).
  public func property(_ property: PlayerProperty) async throws(ClientError) -> PropertyValue {
    try await self.property(property.rawValue, interface: MediaPlayerInterface.player.rawValue)
  }

  /// `org.freedesktop.DBus.Properties.Set` of one `org.mpris.MediaPlayer2.Player` property:
  /// writes `value` (wrapped in a variant for you).
  public func setProperty(_ property: PlayerProperty, to value: PropertyValue) async throws(ClientError) {
    try await setProperty(property.rawValue, to: value, interface: MediaPlayerInterface.player.rawValue)
  }
}

extension RemotePlayer {
  /// `org.freedesktop.DBus.Properties.Get` of one property of any of the player's interfaces,
  /// named by its case (its variant unwrapped).
  package func property(_ property: some MediaPlayerProperty) async throws(ClientError) -> PropertyValue {
    try await self.property(property.rawValue, interface: type(of: property).interface.rawValue)
  }

  /// `org.freedesktop.DBus.Properties.Set` of one property of any of the player's interfaces,
  /// named by its case: writes `value` (wrapped in a variant for you).
  package func setProperty(_ property: some MediaPlayerProperty, to value: PropertyValue)
    async throws(ClientError)
  {
    try await setProperty(property.rawValue, to: value, interface: type(of: property).interface.rawValue)
  }
}
