package import RemoteControl

/// The method names of one interface of a player, each with its ``MethodDeclaration``.
///
/// ``PlayerMethod``, ``RootMethod``, ``TrackListMethod``, ``PlaylistsMethod`` and
/// ``RemoteControlMethod`` conform: a name is written once, as a case, and its signature,
/// argument names and command once, in the case's declaration.
package protocol MediaPlayerMethod: RawRepresentable<String>, CaseIterable, Sendable, Hashable
where AllCases == [Self] {
  /// The interface the methods belong to.
  static var interface: MediaPlayerInterface { get }
  /// How the specification declares this method.
  var declaration: MethodDeclaration { get }
}

extension MediaPlayerMethod {
  /// The declarations of every method of the interface, in the specification's order.
  package static var declarations: [MethodDeclaration] { allCases.map(\.declaration) }

  /// The method that is `command`, if one of the interface is.
  package init?(_ command: RemoteCommandKind) {
    guard let method = Self.allCases.first(where: { $0.declaration.command == command }) else { return nil }
    self = method
  }
}
