/// What a playback stream says of the program that plays it: the properties libpulse clients
/// set (PulseAudio's `application.*`), and those PipeWire's pulse server adds for a sandboxed
/// client (`pipewire.access.portal.*`). Every one is optional: a client sets what it likes.
package struct StreamOrigin: Sendable, Hashable {
  /// `application.process.id`: the program's process id, as the program sees it (inside a
  /// sandbox's PID namespace, its id there).
  package var processID: Int32?
  /// `application.process.binary`: the file name of the program's executable.
  package var binary: String?
  /// `application.process.machine_id`: the machine id the program sees.
  package var machineID: String?
  /// `application.name`: the program's name.
  package var applicationName: String?
  /// `application.id`: the program's id, often its desktop entry's name.
  package var applicationID: String?
  /// `application.icon_name`: the program's icon, often its desktop entry's name.
  package var iconName: String?
  /// `pipewire.access.portal.app_id`: the Flatpak app id PipeWire's pulse server found for a
  /// sandboxed client (PulseAudio sets none).
  package var portalAppID: String?
  /// `pipewire.access.portal.instance_id`: the Flatpak instance, where the server sets it.
  package var portalInstanceID: String?

  /// An origin; every property is unknown unless given.
  package init(
    processID: Int32? = nil, binary: String? = nil, machineID: String? = nil, applicationName: String? = nil,
    applicationID: String? = nil, iconName: String? = nil, portalAppID: String? = nil,
    portalInstanceID: String? = nil
  ) {
    self.processID = processID
    self.binary = binary
    self.machineID = machineID
    self.applicationName = applicationName
    self.applicationID = applicationID
    self.iconName = iconName
    self.portalAppID = portalAppID
    self.portalInstanceID = portalInstanceID
  }
}
