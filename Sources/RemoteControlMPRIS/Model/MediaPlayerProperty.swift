/// The property names of one interface of a player, each with its ``PropertyDeclaration``.
///
/// ``PlayerProperty``, ``RootProperty``, ``TrackListProperty``, ``PlaylistsProperty`` and
/// ``RemoteControlProperty`` conform: a name is written once, as a case, and its type, access and
/// change behaviour once, in the case's declaration.
package protocol MediaPlayerProperty: RawRepresentable<String>, CaseIterable, Sendable, Hashable
where AllCases == [Self] {
  /// The interface the properties belong to.
  static var interface: MediaPlayerInterface { get }
  /// How the specification declares this property.
  var declaration: PropertyDeclaration { get }
}

extension MediaPlayerProperty {
  /// The declarations of every property of the interface, in the specification's order.
  package static var declarations: [PropertyDeclaration] { allCases.map(\.declaration) }
}
