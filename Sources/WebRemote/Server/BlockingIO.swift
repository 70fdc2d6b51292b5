import Dispatch

/// Runs file-system work (a stat, a small read or write) on Dispatch's threads, so that no
/// thread of Swift's cooperative pool ever waits on the disk.
enum BlockingIO {
  /// One queue for everything, in order: the device list's writes never overtake each other.
  private static let queue = DispatchQueue(label: "WebRemote.BlockingIO")

  /// The result of `work`, run on the queue.
  static func run<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      queue.async {
        do throws(Failure) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }
}
