extension Connection {
  // MARK: - Answering property writes later

  /// Lets `handler` take the `org.freedesktop.DBus.Properties.Set` calls sent to `path` before
  /// the setters of the interfaces exported there, so that a write can be answered later: once
  /// another program, a task or the app has acted on it.
  ///
  /// A property setter of an exported ``Interface`` answers at once, on the connection's
  /// thread. `handler` instead runs there for every write to `path` and returns whether it takes
  /// it: when it returns `true` it owns the ``PropertyWrite`` and must answer it, with
  /// ``PropertyWrite/accept()`` or ``PropertyWrite/fail(_:)``, now or later, from anywhere; when
  /// it returns `false` the write goes on to the exported setter as if no handler were there.
  /// Keep `handler` fast: it runs on the connection's thread.
  ///
  /// A taken write is not checked against any declared property: the handler sees every
  /// interface and name a caller writes, including those no interface at `path` declares. It is
  /// installed again after reconnects.
  package func handlePropertyWrites(
    at path: ObjectPath, _ handler: @escaping @Sendable (PropertyWrite) -> Bool
  ) async throws(BusError) -> PropertyWriteRegistration {
    let loop = self.loop
    return try await loop.async { state, complete in
      let interceptor = PropertyWriteInterceptor(id: state.makeID(), path: path, handler: handler, loop: loop)
      do throws(BusError) {
        try state.addInterceptor(interceptor)
        complete(.success(PropertyWriteRegistration(id: interceptor.id, path: path, loop: loop)))
      } catch {
        complete(.failure(error))
      }
    }
  }
}
