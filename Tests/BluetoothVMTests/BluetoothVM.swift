import BusTestSupport
import Foundation

/// The Bluetooth tier's one VM run, shared by every test of `BluetoothVMTests`: Debian's kernel in
/// qemu with the real dbus-daemon, bluetoothd 5.66 on btvirt's virtual controllers, binaural Now
/// Playing, the hub from this build, and a bumble car (`scripts/bluetooth-vm/`). The VM boots once,
/// on the first test that asks, runs every scenario, and writes what it observed to `results.json`;
/// each test then asserts on one scenario's observations.
enum BluetoothVM {
  /// The repository's root, found from this file.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The one run: booted on first use.
  static let run = Task<BluetoothVMResults, any Error> { try await boot() }

  /// One scenario's observations; a failure when the run or the scenario did not produce them.
  static func scenario(_ name: String) async throws -> [String: Any] {
    let results = try await run.value
    return try results.scenario(name)
  }

  private static func boot() async throws -> BluetoothVMResults {
    // An earlier run's results, to look again at what it observed without booting (BLUETOOTH_VM_RESULTS).
    if let earlier = ProcessInfo.processInfo.environment["BLUETOOTH_VM_RESULTS"] {
      let data = try Data(contentsOf: URL(fileURLWithPath: earlier))
      return BluetoothVMResults(
        data: data, logs: URL(fileURLWithPath: earlier).deletingLastPathComponent().path)
    }
    let share = FileManager.default.temporaryDirectory
      .appendingPathComponent("bluetooth-vm-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
    // What the run wrote is read below; the folder goes whatever happened (a leftover is not a failure).
    defer { try? FileManager.default.removeItem(at: share) }
    let venv =
      ProcessInfo.processInfo.environment["BLUETOOTH_VM_VENV"]
      ?? repository.appendingPathComponent(".build-bluetooth/venv").path
    guard FileManager.default.isExecutableFile(atPath: venv + "/bin/python3") else {
      throw TestFailure(
        "the Bluetooth tier needs bumble in \(venv): run `make test-bluetooth`, which makes it")
    }
    let timeout = Int(ProcessInfo.processInfo.environment["BLUETOOTH_VM_TIMEOUT"] ?? "") ?? 1500
    let executables = try executablesFolder()
    let scripts = repository.appendingPathComponent("scripts/bluetooth-vm")
    let result = try await ChildProcess.run(
      scripts.appendingPathComponent("run.sh").path,
      [scripts.appendingPathComponent("inside.sh").path, share.path],
      environment: [
        "BLUETOOTH_VM_BUILD": executables, "BLUETOOTH_VM_VENV": venv,
        "BLUETOOTH_VM_TIMEOUT": String(timeout),
      ],
      timeout: .seconds(timeout + 60))
    let logs = share.appendingPathComponent("logs")
    // The logs are kept for the failure messages to name, in the build folder (so `make clean`
    // takes them, and nothing is left elsewhere): each run's in a folder of its own (named for its
    // end), so that a flaky run's can be read beside the next, and the last run's again under one
    // name; a previous run's may not exist.
    let kept = BuiltProducts.directory.appendingPathComponent("bluetooth-vm-logs", isDirectory: true)
    try? FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    let last = kept.appendingPathComponent("last")
    let stamp = ISO8601DateFormatter.string(
      from: Date(), timeZone: .gmt, formatOptions: [.withFullDate, .withTime])
    let thisRun = kept.appendingPathComponent("\(stamp)-\(getpid())")
    try? FileManager.default.removeItem(at: last)
    for folder in [thisRun, last] {
      try? FileManager.default.copyItem(at: logs, to: folder)
      try? FileManager.default.copyItem(
        at: share.appendingPathComponent("results.json"), to: folder.appendingPathComponent("results.json"))
    }
    // The five newest runs' folders stay (their names sort by time); an older one that will not go
    // is left, not a failure of this run.
    let runs = (try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []
    for old in runs.filter({ $0 != last.lastPathComponent }).sorted().dropLast(5) {
      try? FileManager.default.removeItem(at: kept.appendingPathComponent(old))
    }
    let data = try? Data(contentsOf: share.appendingPathComponent("results.json"))
    guard result.status == 0, let data else {
      throw TestFailure(
        "the Bluetooth VM did not run to its end (status \(result.status)): \(result.error)"
          + " (its logs are in \(thisRun.path))")
    }
    return BluetoothVMResults(data: data, logs: thisRun.path)
  }
}

extension BluetoothVM {
  /// The executables the VM runs, the hub, `remotectl` and `binaural` are all it takes from a build:
  /// this build's (the test runner's folder) unless `BLUETOOTH_VM_BUILD` names another folder that
  /// holds all three, such as `make install`'s `PREFIX/bin` or an installed package's `/usr/bin`
  /// (`make bluetooth-tier BLUETOOTH_EXECUTABLES=…`). A folder missing one is a failure that names it,
  /// never a silent fall back to this build's.
  static func executablesFolder() throws -> String {
    guard let folder = ProcessInfo.processInfo.environment["BLUETOOTH_VM_BUILD"], !folder.isEmpty else {
      return BuiltProducts.directory.path
    }
    let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
    for name in ["remotectld", "remotectl", "binaural"]
    where !FileManager.default.isExecutableFile(atPath: absolute + "/" + name) {
      throw TestFailure(
        "BLUETOOTH_VM_BUILD names \(absolute), which has no executable \(name): the Bluetooth tier runs"
          + " remotectld, remotectl and binaural from one folder (`make install`'s PREFIX/bin, or unset it"
          + " for this build's)")
    }
    return absolute
  }
}

/// What the VM run wrote: one JSON object per scenario.
struct BluetoothVMResults: Sendable {
  /// `results.json` as the VM wrote it.
  var data: Data
  /// Where the run's logs were kept.
  var logs: String

  /// The scenario `name`'s observations; a failure that says why they are missing or what error ended
  /// the scenario.
  func scenario(_ name: String) throws -> [String: Any] {
    let all = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    if let tier = all["tier"] as? [String: Any], let error = tier["error"] as? String, all[name] == nil {
      throw TestFailure("the Bluetooth tier stopped before \(name): \(error) (logs: \(logs))")
    }
    guard let observed = all[name] as? [String: Any] else {
      throw TestFailure("the Bluetooth tier did not run \(name) (logs: \(logs))")
    }
    if let error = observed["error"] as? String {
      throw TestFailure("\(name) failed in the VM: \(error); observed \(observed) (logs: \(logs))")
    }
    return observed
  }
}
