/// A message handle that may cross threads.
struct MessageReference: @unchecked Sendable {
  // Safe because: the handle is only carried between threads; it is dereferenced, retained and
  // released only on the connection's owner thread (jobs run there).
  let handle: MessageHandle

  init(_ handle: MessageHandle) { self.handle = handle }
}
