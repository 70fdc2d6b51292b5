package import HubSupport

/// What the stream matcher reads of the system's processes: `/proc` (``ProcessFiles``) in the
/// hub, a table in tests of the rule itself.
package protocol ProcessTree: Sendable {
  /// `PPid` and `NSpid` of `process`; `nil` when it is gone.
  func status(of process: Int32) -> ProcessFiles.Status?
  /// The Flatpak sandbox `process` runs in; `nil` outside one.
  func flatpakInfo(of process: Int32) -> ProcessFiles.FlatpakInfo?
  /// The file name of `process`'s executable; `nil` when it is gone.
  func binary(of process: Int32) -> String?
  /// The machine id `process` sees; `nil` when it cannot be read.
  func machineID(of process: Int32) -> String?
  /// Every process there now; throws when they cannot be listed.
  func processes() throws(ProcessFiles.ListingError) -> [Int32]
}

extension ProcessFiles: ProcessTree {}
