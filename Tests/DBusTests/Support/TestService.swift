import DBus
import Foundation

/// The object our tests export: methods that echo, fail, hang and drop calls; properties of
/// each change behaviour; one signal.
final class TestService: @unchecked Sendable {
  // Safe because: the mutable state is only touched under `lock`.
  private let lock = NSLock()
  private var volume = 0.5
  private var title = "First"
  private var hungCalls: [MethodCall] = []
  private var volumeWriters: [BusName?] = []

  static let name: BusName = "org.example.Test"
  static let path: ObjectPath = "/org/example/Test"
  static let interfaceName = "org.example.Test"
  /// Every complete type in one signature, for the typed echo.
  static let allTypes: Signature = "ybnqiuxtdsogvaya{sv}(is)a{ia(sd)}"

  private var announcer: (@Sendable () -> Void)?

  var hungCount: Int { lock.withLock { hungCalls.count } }

  /// The sender of each accepted write of `Volume`, in order.
  var writersOfVolume: [BusName?] { lock.withLock { volumeWriters } }

  /// What the `Announce` method does: the fixture makes it emit PropertiesChanged.
  func onAnnounce(_ action: @escaping @Sendable () -> Void) { lock.withLock { announcer = action } }

  /// Answers every call held by `Hang` with `[.string("late")]`.
  func releaseHungCalls() {
    let calls = lock.withLock { () -> [MethodCall] in
      defer { hungCalls = [] }; return hungCalls
    }
    for call in calls { call.reply([.string("late")]) }
  }

  func setTitle(_ newTitle: String) { lock.withLock { title = newTitle } }

  var interface: Interface {
    Interface(
      name: TestService.interfaceName,
      methods: [
        .init("Echo", in: "v", out: "v", inNames: ["value"], outNames: ["same"]) { call in
          call.reply(call.arguments)
        },
        .init("EchoTyped", in: TestService.allTypes, out: TestService.allTypes) { call in
          call.reply(call.arguments)
        },
        .init("Concat", in: "ss", out: "s", inNames: ["first", "second"], outNames: ["joined"]) {
          call in
          let strings = call.arguments.compactMap(\.stringValue)
          DispatchQueue.global().async { call.reply([.string(strings.joined())]) }
        },
        .init("Fail", out: "s") { call in
          call.fail(BusError("org.example.Error.Refused", "this method always refuses"))
        },
        .init("Hang", out: "s") { [self] call in
          lock.withLock { hungCalls.append(call) }
        },
        .init("Drop", out: "s") { _ in },
        .init("Announce") { [self] call in
          lock.withLock { announcer }?()
          call.reply()
        },
        .init("WrongReply", out: "s") { call in call.reply([.int32(1)]) },
      ],
      properties: [
        .init("Volume", "d", change: .emitsChange) { [self] in
          .double(lock.withLock { volume })
        } set: { [self] value, sender throws(BusError) in
          guard case .double(let newVolume) = value, newVolume >= 0 else {
            throw BusError("org.example.Error.OutOfRange", "Volume must be 0 or more")
          }
          lock.withLock {
            volume = newVolume
            volumeWriters.append(sender)
          }
        },
        .init("Title", "s", change: .emitsChange) { [self] in .string(lock.withLock { title }) },
        .init("Tags", "as", change: .invalidates) { .strings(["a", "b"]) },
        .init("Identity", "s", change: .const) { .string("Test Service") },
        .init("Position", "x", change: .none) { .int64(42) },
        .init("Metadata", "a{sv}") {
          .vardict([
            "mpris:trackid": .objectPath("/org/example/track/1"),
            "mpris:length": .int64(1_000_000),
            "xesam:artist": .strings(["Someone"]),
            "nested": .variant(.int32(7)),
          ])
        },
      ],
      signals: [.init("Seeked", "x", argumentNames: ["position"])]
    )
  }
}
