import CSystemd
import Glibc

/// An `sd_bus *`.
typealias BusHandle = OpaquePointer
/// An `sd_bus_message *`.
typealias MessageHandle = OpaquePointer
/// An `sd_bus_slot *`.
typealias SlotHandle = OpaquePointer

/// The one place this module calls libsystemd's sd-bus.
///
/// Every `sd_bus_*` call is made here. A negative (`-errno`) result becomes a thrown
/// ``BusError`` right here and nowhere else; callers see typed values. Everything here must run on
/// the connection's owner thread: sd-bus objects are single-threaded.
enum SDBus {
  // MARK: - Errors

  /// Turns a `-errno` result into a ``BusError`` naming `operation`; returns non-negative results.
  @discardableResult
  static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(BusError)
    -> Int32
  {
    guard result < 0 else { return result }
    throw error(errno: -result, operation: operation())
  }

  /// The ``BusError`` for `errno`, with the D-Bus error name and text sd-bus maps it to.
  ///
  /// The corresponding C function is `sd_bus_error_set_errno`.
  static func error(errno: Int32, operation: String) -> BusError {
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    _ = sd_bus_error_set_errno(&error, errno)
    return BusError(
      BusError.Name(rawValue: error.name.map { String(cString: $0) } ?? BusError.Name.failed.rawValue),
      error.message.map { String(cString: $0) } ?? "errno \(errno)",
      operation: operation, errno: errno)
  }

  /// A ``BusError`` from an `sd_bus_error`, or `nil` when none is set.
  static func error(from error: UnsafePointer<sd_bus_error>?, operation: String?) -> BusError? {
    guard let error, let name = error.pointee.name else { return nil }
    return BusError(
      BusError.Name(rawValue: String(cString: name)),
      error.pointee.message.map { String(cString: $0) } ?? "",
      operation: operation)
  }

  /// Stores `error` into the `sd_bus_error` sd-bus handed a callback; returns the negative result
  /// the callback must return.
  ///
  /// The corresponding C function is `sd_bus_error_set`.
  static func set(_ error: BusError, into target: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    let result = sd_bus_error_set(target, error.name.rawValue, error.message)
    return result < 0 ? result : -EIO
  }

  // MARK: - Connections

  /// Opens and starts a client connection to `address`.
  ///
  /// The corresponding C functions are `sd_bus_open_user`, `sd_bus_open_system`, and
  /// `sd_bus_new`, `sd_bus_set_address`, `sd_bus_set_bus_client`, `sd_bus_start`.
  static func open(_ address: BusAddress) throws(BusError) -> BusHandle {
    var bus: BusHandle?
    switch address {
    case .session:
      do {
        try check(sd_bus_open_user(&bus), "sd_bus_open_user (session bus)")
      } catch {
        throw BusAddress.sessionBusUnreachable(error)
      }
    case .system:
      try check(sd_bus_open_system(&bus), "sd_bus_open_system")
    case .address(let text):
      try check(sd_bus_new(&bus), "sd_bus_new")
      do {
        try check(sd_bus_set_address(bus, text), "sd_bus_set_address \(text)")
        try check(sd_bus_set_bus_client(bus, 1), "sd_bus_set_bus_client")
        try check(sd_bus_start(bus), "sd_bus_start \(text)")
      } catch {
        sd_bus_unref(bus)
        throw error
      }
    }
    guard let bus else { throw BusError(.failed, "sd-bus returned no connection", operation: "open") }
    return bus
  }

  /// Flushes, closes and releases a connection.
  ///
  /// The corresponding C function is `sd_bus_flush_close_unref`.
  static func close(_ bus: BusHandle) {
    sd_bus_flush_close_unref(bus)
  }

  /// The address the connection was opened to (for the session bus, the one sd-bus resolved), or
  /// `nil` when it has none.
  ///
  /// The corresponding C function is `sd_bus_get_address`.
  static func address(_ bus: BusHandle) -> String? {
    var address: UnsafePointer<CChar>?
    guard sd_bus_get_address(bus, &address) >= 0, let address else { return nil }
    return String(cString: address)
  }

  /// Whether the connection is open.
  ///
  /// The corresponding C function is `sd_bus_is_open`.
  static func isOpen(_ bus: BusHandle) -> Bool {
    sd_bus_is_open(bus) > 0
  }

  /// The connection's unique name (`:1.42`), waiting for the Hello reply if needed.
  ///
  /// The corresponding C function is `sd_bus_get_unique_name`.
  static func uniqueName(_ bus: BusHandle) throws(BusError) -> String {
    var name: UnsafePointer<CChar>?
    try check(sd_bus_get_unique_name(bus, &name), "sd_bus_get_unique_name")
    return name.map { String(cString: $0) } ?? ""
  }

  /// The file descriptor to poll.
  ///
  /// The corresponding C function is `sd_bus_get_fd`.
  static func fileDescriptor(_ bus: BusHandle) throws(BusError) -> Int32 {
    try check(sd_bus_get_fd(bus), "sd_bus_get_fd")
  }

  /// The poll events to wait for.
  ///
  /// The corresponding C function is `sd_bus_get_events`.
  static func events(_ bus: BusHandle) throws(BusError) -> Int16 {
    Int16(truncatingIfNeeded: try check(sd_bus_get_events(bus), "sd_bus_get_events"))
  }

  /// The absolute `CLOCK_MONOTONIC` deadline in µs sd-bus needs to be woken at, or `nil`.
  ///
  /// The corresponding C function is `sd_bus_get_timeout`.
  static func timeout(_ bus: BusHandle) throws(BusError) -> UInt64? {
    var usec: UInt64 = 0
    try check(sd_bus_get_timeout(bus, &usec), "sd_bus_get_timeout")
    return usec == UInt64.max ? nil : usec
  }

  /// Processes one pending event; `true` when something was done and it should be called again.
  ///
  /// The corresponding C function is `sd_bus_process`.
  static func process(_ bus: BusHandle) throws(BusError) -> Bool {
    try check(sd_bus_process(bus, nil), "sd_bus_process") > 0
  }

  // MARK: - Slots

  /// Releases a slot: its callback or object is removed.
  ///
  /// The corresponding C function is `sd_bus_slot_unref`.
  static func release(_ slot: SlotHandle) {
    sd_bus_slot_unref(slot)
  }

  /// Registers a vtable for `interface` at `path`; callbacks receive `userdata`.
  ///
  /// The corresponding C function is `sd_bus_add_object_vtable`.
  static func addObjectVTable(
    _ bus: BusHandle, path: String, interface: String,
    vtable: UnsafePointer<sd_bus_vtable>, userdata: UnsafeMutableRawPointer
  ) throws(BusError) -> SlotHandle {
    var slot: SlotHandle?
    try check(
      sd_bus_add_object_vtable(bus, &slot, path, interface, vtable, userdata),
      "sd_bus_add_object_vtable \(path) \(interface)")
    guard let slot else { throw BusError(.failed, "no slot", operation: "sd_bus_add_object_vtable") }
    return slot
  }

  /// Registers `callback` for every message sent to `path`; sd-bus calls it before the vtables
  /// registered there, which answer whatever it leaves (returns 0 for).
  ///
  /// The corresponding C function is `sd_bus_add_object`.
  static func addObject(
    _ bus: BusHandle, path: String, callback: sd_bus_message_handler_t, userdata: UnsafeMutableRawPointer
  ) throws(BusError) -> SlotHandle {
    var slot: SlotHandle?
    try check(sd_bus_add_object(bus, &slot, path, callback, userdata), "sd_bus_add_object \(path)")
    guard let slot else { throw BusError(.failed, "no slot", operation: "sd_bus_add_object") }
    return slot
  }

  /// Installs a match rule (and waits for the bus to confirm it).
  ///
  /// The corresponding C function is `sd_bus_add_match`.
  static func addMatch(
    _ bus: BusHandle, rule: String, callback: sd_bus_message_handler_t,
    userdata: UnsafeMutableRawPointer
  ) throws(BusError) -> SlotHandle {
    var slot: SlotHandle?
    try check(sd_bus_add_match(bus, &slot, rule, callback, userdata), "sd_bus_add_match \(rule)")
    guard let slot else { throw BusError(.failed, "no slot", operation: "sd_bus_add_match") }
    return slot
  }

  // MARK: - Sending

  /// Sends a message on its own connection.
  ///
  /// The corresponding C function is `sd_bus_send`.
  static func send(_ message: MessageHandle) throws(BusError) {
    try check(sd_bus_send(nil, message, nil), "sd_bus_send")
  }

  /// Sends a method call; `callback` receives the reply (or an error reply) with `userdata`.
  ///
  /// The corresponding C function is `sd_bus_call_async`.
  static func callAsync(
    _ bus: BusHandle, _ message: MessageHandle, callback: sd_bus_message_handler_t,
    userdata: UnsafeMutableRawPointer?, timeoutMicroseconds: UInt64
  ) throws(BusError) -> SlotHandle {
    var slot: SlotHandle?
    try check(
      sd_bus_call_async(bus, &slot, message, callback, userdata, timeoutMicroseconds),
      "sd_bus_call_async")
    guard let slot else { throw BusError(.failed, "no slot", operation: "sd_bus_call_async") }
    return slot
  }

  /// Sends a method call and waits for its reply, which the caller must release. An error reply
  /// is thrown as a ``BusError`` with the remote name and message.
  ///
  /// The corresponding C function is `sd_bus_call`.
  static func call(_ bus: BusHandle, _ message: MessageHandle, timeoutMicroseconds: UInt64)
    throws(BusError) -> MessageHandle
  {
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var reply: MessageHandle?
    let result = sd_bus_call(bus, message, timeoutMicroseconds, &error, &reply)
    if let remote = SDBus.error(from: &error, operation: "sd_bus_call") { throw remote }
    try check(result, "sd_bus_call")
    guard let reply else { throw BusError(.noReply, "no reply", operation: "sd_bus_call") }
    return reply
  }

  /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for `names`; sd-bus calls the
  /// getters of those whose value is sent.
  ///
  /// The corresponding C function is `sd_bus_emit_properties_changed_strv`.
  static func emitPropertiesChanged(
    _ bus: BusHandle, path: String, interface: String, names: [String]
  ) throws(BusError) {
    var pointers: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    _ = try pointers.withUnsafeMutableBufferPointer { (buffer) throws(BusError) in
      try check(
        sd_bus_emit_properties_changed_strv(bus, path, interface, buffer.baseAddress),
        "sd_bus_emit_properties_changed_strv \(path) \(interface)")
    }
  }

  // MARK: - Creating messages

  /// A new method call message.
  ///
  /// The corresponding C function is `sd_bus_message_new_method_call`.
  static func newMethodCall(
    _ bus: BusHandle, destination: String?, path: String, interface: String?, member: String
  ) throws(BusError) -> MessageHandle {
    var message: MessageHandle?
    try check(
      sd_bus_message_new_method_call(bus, &message, destination, path, interface, member),
      "sd_bus_message_new_method_call \(member)")
    guard let message else { throw BusError(.noMemory, "no message", operation: "new_method_call") }
    return message
  }

  /// A new method return for `call`.
  ///
  /// The corresponding C function is `sd_bus_message_new_method_return`.
  static func newMethodReturn(_ call: MessageHandle) throws(BusError) -> MessageHandle {
    var message: MessageHandle?
    try check(sd_bus_message_new_method_return(call, &message), "sd_bus_message_new_method_return")
    guard let message else { throw BusError(.noMemory, "no message", operation: "new_method_return") }
    return message
  }

  /// A new error reply to `call` carrying `error`'s name and message.
  ///
  /// The corresponding C functions are `sd_bus_error_set` and `sd_bus_message_new_method_error`.
  static func newMethodError(_ call: MessageHandle, _ error: BusError) throws(BusError)
    -> MessageHandle
  {
    var busError = sd_bus_error()
    defer { sd_bus_error_free(&busError) }
    _ = sd_bus_error_set(&busError, error.name.rawValue, error.message)
    var message: MessageHandle?
    try check(
      sd_bus_message_new_method_error(call, &message, &busError), "sd_bus_message_new_method_error")
    guard let message else { throw BusError(.noMemory, "no message", operation: "new_method_error") }
    return message
  }

  /// A new signal message.
  ///
  /// The corresponding C function is `sd_bus_message_new_signal`.
  static func newSignal(_ bus: BusHandle, path: String, interface: String, member: String)
    throws(BusError) -> MessageHandle
  {
    var message: MessageHandle?
    try check(
      sd_bus_message_new_signal(bus, &message, path, interface, member),
      "sd_bus_message_new_signal \(member)")
    guard let message else { throw BusError(.noMemory, "no message", operation: "new_signal") }
    return message
  }

  /// Addresses `message` (a signal) to `destination` alone. The corresponding C function is
  /// `sd_bus_message_set_destination`.
  static func setDestination(_ message: MessageHandle, _ destination: String) throws(BusError) {
    try check(
      sd_bus_message_set_destination(message, destination), "sd_bus_message_set_destination \(destination)")
  }

  /// Takes a reference on a message.
  ///
  /// The corresponding C function is `sd_bus_message_ref`.
  static func retain(_ message: MessageHandle) {
    sd_bus_message_ref(message)
  }

  /// Drops a reference on a message.
  ///
  /// The corresponding C function is `sd_bus_message_unref`.
  static func release(message: MessageHandle) {
    sd_bus_message_unref(message)
  }

  // MARK: - Message headers

  /// Whether the sender of `call` waits for a reply.
  ///
  /// The corresponding C function is `sd_bus_message_get_expect_reply`.
  static func expectsReply(_ call: MessageHandle) -> Bool {
    sd_bus_message_get_expect_reply(call) > 0
  }

  /// The sender's unique name. The corresponding C function is `sd_bus_message_get_sender`.
  static func sender(_ message: MessageHandle) -> String? {
    sd_bus_message_get_sender(message).map { String(cString: $0) }
  }

  /// The destination's name, `nil` for a broadcast signal. The corresponding C function is
  /// `sd_bus_message_get_destination`.
  static func destination(_ message: MessageHandle) -> String? {
    sd_bus_message_get_destination(message).map { String(cString: $0) }
  }

  /// The command name (`/proc/PID/comm`) of the process that owns the bus name `name`, asked of
  /// the bus daemon synchronously; `nil` when it cannot be told (the name is gone, the daemon
  /// does not say). The corresponding C functions are `sd_bus_get_name_creds` and
  /// `sd_bus_creds_get_comm`.
  static func command(ofOwner name: String, on bus: BusHandle) -> String? {
    var creds: OpaquePointer?
    // SD_BUS_CREDS_PID | SD_BUS_CREDS_COMM | SD_BUS_CREDS_AUGMENT (the command read from /proc).
    let mask: UInt64 = 1 << 0 | 1 << 12 | 1 << 63
    guard sd_bus_get_name_creds(bus, name, mask, &creds) >= 0, let creds else { return nil }
    defer { sd_bus_creds_unref(creds) }
    var command: UnsafePointer<CChar>?
    guard sd_bus_creds_get_comm(creds, &command) >= 0, let command else { return nil }
    return String(cString: command)
  }

  /// The object path. The corresponding C function is `sd_bus_message_get_path`.
  static func path(_ message: MessageHandle) -> String? {
    sd_bus_message_get_path(message).map { String(cString: $0) }
  }

  /// The interface. The corresponding C function is `sd_bus_message_get_interface`.
  static func interface(_ message: MessageHandle) -> String? {
    sd_bus_message_get_interface(message).map { String(cString: $0) }
  }

  /// The member. The corresponding C function is `sd_bus_message_get_member`.
  static func member(_ message: MessageHandle) -> String? {
    sd_bus_message_get_member(message).map { String(cString: $0) }
  }

  /// The error an error reply carries, or `nil` for other messages.
  ///
  /// The corresponding C function is `sd_bus_message_get_error`.
  static func replyError(_ message: MessageHandle, operation: String) -> BusError? {
    error(from: sd_bus_message_get_error(message), operation: operation)
  }

  // MARK: - Writing message bodies

  /// Appends a fixed-size basic value (`y b n q i u x t d h`) stored in `value`.
  ///
  /// The corresponding C function is `sd_bus_message_append_basic`.
  static func appendBasic<T>(_ message: MessageHandle, _ type: UInt8, _ value: T) throws(BusError) {
    var copy = value
    try check(
      withUnsafePointer(to: &copy) { sd_bus_message_append_basic(message, CChar(type), $0) },
      "sd_bus_message_append_basic \(Character(Unicode.Scalar(type)))")
  }

  /// Appends a string-like basic value (`s o g`).
  ///
  /// The corresponding C function is `sd_bus_message_append_basic`.
  static func appendString(_ message: MessageHandle, _ type: UInt8, _ value: String)
    throws(BusError)
  {
    try check(
      value.withCString { sd_bus_message_append_basic(message, CChar(type), $0) },
      "sd_bus_message_append_basic \(Character(Unicode.Scalar(type)))")
  }

  /// Opens a container (`a r v e`) whose contents have signature `contents`.
  ///
  /// The corresponding C function is `sd_bus_message_open_container`.
  static func openContainer(_ message: MessageHandle, _ type: UInt8, _ contents: String)
    throws(BusError)
  {
    try check(
      sd_bus_message_open_container(message, CChar(type), contents),
      "sd_bus_message_open_container \(Character(Unicode.Scalar(type)))\(contents)")
  }

  /// Closes the innermost open container.
  ///
  /// The corresponding C function is `sd_bus_message_close_container`.
  static func closeContainer(_ message: MessageHandle) throws(BusError) {
    try check(sd_bus_message_close_container(message), "sd_bus_message_close_container")
  }

  // MARK: - Reading message bodies

  /// The type code and container contents of the next value, or `nil` at the end of the
  /// current container.
  ///
  /// The corresponding C function is `sd_bus_message_peek_type`.
  static func peekType(_ message: MessageHandle) throws(BusError) -> (
    type: UInt8, contents: String
  )? {
    var type: CChar = 0
    var contents: UnsafePointer<CChar>?
    guard
      try check(sd_bus_message_peek_type(message, &type, &contents), "sd_bus_message_peek_type")
        > 0
    else { return nil }
    return (UInt8(bitPattern: type), contents.map { String(cString: $0) } ?? "")
  }

  /// Reads a fixed-size basic value of C type `T`.
  ///
  /// The corresponding C function is `sd_bus_message_read_basic`.
  static func readBasic<T>(_ message: MessageHandle, _ type: UInt8, as _: T.Type, initial: T)
    throws(BusError) -> T
  {
    var value = initial
    try check(
      withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(message, CChar(type), $0) },
      "sd_bus_message_read_basic \(Character(Unicode.Scalar(type)))")
    return value
  }

  /// Reads a string-like basic value (`s o g`).
  ///
  /// The corresponding C function is `sd_bus_message_read_basic`.
  static func readString(_ message: MessageHandle, _ type: UInt8) throws(BusError) -> String {
    var pointer: UnsafePointer<CChar>?
    try check(
      sd_bus_message_read_basic(message, CChar(type), &pointer),
      "sd_bus_message_read_basic \(Character(Unicode.Scalar(type)))")
    return pointer.map { String(cString: $0) } ?? ""
  }

  /// Enters a container (`a r v e`) whose contents have signature `contents`.
  ///
  /// The corresponding C function is `sd_bus_message_enter_container`.
  static func enterContainer(_ message: MessageHandle, _ type: UInt8, _ contents: String)
    throws(BusError)
  {
    try check(
      sd_bus_message_enter_container(message, CChar(type), contents),
      "sd_bus_message_enter_container \(Character(Unicode.Scalar(type)))\(contents)")
  }

  /// Leaves the innermost entered container.
  ///
  /// The corresponding C function is `sd_bus_message_exit_container`.
  static func exitContainer(_ message: MessageHandle) throws(BusError) {
    try check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
  }

  /// Moves the read position back to the start of the body, so that whoever handles the message
  /// next reads it whole.
  ///
  /// The corresponding C function is `sd_bus_message_rewind`.
  static func rewind(_ message: MessageHandle) throws(BusError) {
    try check(sd_bus_message_rewind(message, 1), "sd_bus_message_rewind")
  }

  /// Skips values matching `signature` (all remaining in the container when `nil`).
  ///
  /// The corresponding C function is `sd_bus_message_skip`.
  static func skip(_ message: MessageHandle, _ signature: String?) throws(BusError) {
    try check(sd_bus_message_skip(message, signature), "sd_bus_message_skip")
  }
}
