// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that the main package never depends on
// ordo-one/benchmark. Run them with `./run.sh` (or `make bench` at the repository root).
let package = Package(
  name: "swift-remote-control-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // Named, because a path dependency's identity is otherwise its folder's name, which is
    // not the same in every clone or worktree.
    .package(name: "swift-remote-control", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    ),
  ],
  targets: [
    // One executable, so that our delivery and the NotificationCenter peer run in one process
    // and one run, side by side.
    .executableTarget(
      name: "EventDelivery",
      dependencies: [
        .product(name: "RemoteControl", package: "swift-remote-control"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/EventDelivery",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
