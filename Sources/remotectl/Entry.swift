internal import Glibc

/// The program's entry point: a synchronous `main` that starts one task for the command and
/// waits, so that the process ends with `exit` from that task. The task is detached: `main` runs
/// on the main actor, whose queue nobody drains while the main thread waits.
///
/// An `async` main would end the main thread with `pthread_exit` (Dispatch's `dispatch_main`),
/// whose forced unwinding reads the whole unwind table of the executable: half a megabyte of
/// memory and a wake-up more on every media key press. The main thread runs no actor, so
/// waiting here blocks nothing of Swift's cooperative pool.
@main
enum Entry {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    Task.detached {
      let code: Int32
      if let request = SimpleInvocation.request(arguments) {
        code = await RemoteCtl.run(request)
      } else {
        code = await RemoteCtl.main(arguments)
      }
      StandardStreams.flushOutput()
      exit(code)
    }
    while true { pause() }
  }
}
