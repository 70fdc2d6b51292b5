extension BusState {
  // MARK: - Property-write handlers

  /// Registers `interceptor` now and after every reconnect.
  func addInterceptor(_ interceptor: PropertyWriteInterceptor) throws(BusError) {
    if bus != nil { try attach(interceptor) }
    interceptors[interceptor.id] = interceptor
  }

  /// Removes a property-write handler.
  func removeInterceptor(id: UInt64) {
    guard let interceptor = interceptors.removeValue(forKey: id) else { return }
    if let slot = interceptor.slot { releaseLater(slot, keepingAlive: interceptor) }
    interceptor.slot = nil
  }

  /// Registers the object callback of `interceptor` with sd-bus.
  func attach(_ interceptor: PropertyWriteInterceptor) throws(BusError) {
    guard let bus else { return }
    interceptor.slot = try SDBus.addObject(
      bus, path: interceptor.path.rawValue, callback: Trampolines.propertyWrite,
      userdata: Unmanaged.passUnretained(interceptor).toOpaque())
  }
}
