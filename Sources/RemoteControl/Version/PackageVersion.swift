/// The package's version, written once: `remotectl --version`, `binaural --version` and
/// `remotectld --version` print it, and it is the newest version in CHANGELOG.md and the one the
/// README states (GettingStartedTests checks that all five agree).
///
/// It lives in the core because every executable already depends on it, and no backend has to
/// import another to read it. Package access only: a library user reads the version they depend
/// on from their own `Package.resolved`.
package enum PackageVersion {
  /// The version, as Semantic Versioning writes it (`0.3.0`), without a `v`.
  package static let current = "0.3.0"
}
