import DBus
import Logging
import PlayerView
import Synchronization

extension Outlet {
  // MARK: - Extra interfaces

  /// Exports the active player's extra interfaces, at the MPRIS path and at child objects, and
  /// removes the others (a child object whose last interface goes disappears); one task runs
  /// it, so exports never race.
  func exportExtras(_ exported: inout ExportedExtras) async {
    let wanted = player.forwardedExtras
    for (key, export) in exported.interfaces where wanted[key] != export.description {
      export.registrations.forEach { $0.cancel() }
      exported.interfaces[key] = nil
      state.withLock { state in
        state.exportedExtras[key] = nil
        state.seen[key] = nil
      }
    }
    for (key, description) in wanted where exported.interfaces[key] == nil {
      do {
        if description.path != path, exported.writeHandlers[description.path] == nil {
          exported.writeHandlers[description.path] = [
            try await connection.handlePropertyWrites(at: description.path) { [self] write in take(write) }
          ]
        }
        let registrations = [
          try await connection.export(exportedInterface(description), at: path(of: description))
        ]
        exported.interfaces[key] = ExportedExtras.Export(
          description: description, registrations: registrations)
        // Forwarded first, so that a change the view takes in from now on is announced; then
        // what the mirror holds is taken as seen (a new interface announces nothing: controllers
        // read it whole), unless a change was taken meanwhile. A change in between is announced,
        // at worst twice, never lost.
        let generation = state.withLock { state in
          state.exportedExtras[key] = description
          return state.generation
        }
        let values = announcedValues(of: description, in: player.forwardedMirror, at: .now)
        state.withLock { state in
          guard state.generation == generation else { return }
          _ = state.take(values)
        }
        logger.debug("forwarding the active player's \(description.name) at \(description.path)")
      } catch {
        logger.warning(
          "the active player's interface cannot be forwarded",
          metadata: ["interface": "\(description.name)", "path": "\(description.path)", "error": "\(error)"])
      }
    }
    let served = Set(exported.interfaces.values.map(\.description.path))
    for (path, handlers) in exported.writeHandlers where !served.contains(path) {
      handlers.forEach { $0.cancel() }
      exported.writeHandlers[path] = nil
    }
  }
}
