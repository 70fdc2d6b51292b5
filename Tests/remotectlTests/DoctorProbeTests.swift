import DBus
import RemoteControlMPRIS
import Testing

@testable import remotectl

/// The doctor reads our players' named errors, not only their messages.
@Suite struct DoctorProbeTests {
  @Test func `the not-receiving error name is diagnosed whatever its message says`() {
    let finding = Doctor.diagnose(
      probeError: ClientError(name: CommandErrorName.notReceiving.rawValue, message: "events are off"))
    #expect(finding.kind == .problem)
    #expect(finding.fix?.contains("beginReceivingRemoteControlEvents()") == true)
  }
}
