internal import DBus
internal import Glibc

/// The program's entry point: a synchronous `main` that starts one task for the command and
/// waits, so that the process ends with `exit` from that task. The task is detached: `main` runs
/// on the main actor, whose queue nobody drains while the main thread waits.
///
/// An `async` main would end the main thread with `pthread_exit` (Dispatch's `dispatch_main`),
/// whose forced unwinding reads the whole unwind table of the executable: half a megabyte of
/// memory and a wake-up more on every media key press. The main thread runs no actor, so
/// waiting here blocks nothing of Swift's cooperative pool.
///
/// A command line read without ArgumentParser (`remotectl status`, a media key's
/// `remotectl play-pause`) runs its task on the main thread, which serves its connections too
/// (a ``ConnectionThread`` run there): each call it awaits is then sent and answered on that one
/// thread, no other thread is started, and Swift's cooperative pool never is. Under load, handing
/// each call from one thread to another and back cost more than the calls (BENCHMARKS.md,
/// "Lighter: `remotectl status` on one thread").
@main
enum Entry {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let request = SimpleInvocation.request(arguments)
    var thread: ConnectionThread?
    if request != nil {
      do {
        thread = try ConnectionThread(servingCallingThread: ())
      } catch {
        // Expected, and not lost: Controller.run then starts the thread itself, and fails with
        // the error that says why it could not.
        thread = nil
      }
    }
    Task.detached(executorPreference: thread) { [thread] in
      let code: Int32
      if let request {
        code = await RemoteCtl.run(request, on: thread)
      } else {
        code = await RemoteCtl.main(arguments)
      }
      StandardStreams.flushOutput()
      exit(code)
    }
    // Returns only if the thread is stopped, which nothing does: the task ends the process.
    thread?.runOnCallingThread()
    while true { pause() }
  }
}
