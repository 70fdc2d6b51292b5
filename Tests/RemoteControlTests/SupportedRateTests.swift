import RemoteControl
import Testing

/// A rate the app did not declare is refused before its targets run, in process as over MPRIS.
@MainActor
@Suite struct SupportedRateTests {
  let app = Application()
  let received = Log<Double>()

  init() {
    app.beginReceivingRemoteControlEvents()
    let received = received
    app.commandCenter.changePlaybackRateCommand.addTarget { (rate: Double) in
      received.append(rate)
      return .success
    }
  }

  @Test func withoutDeclaredRatesEveryRateReachesTheTarget() async {
    #expect(!app.commandCenter.changePlaybackRateCommand.declaresSupportedPlaybackRates)
    #expect(await app.send(.changePlaybackRate(1.4)) == .commandCenter(.success))
    #expect(received.values == [1.4])
  }

  @Test func aRateOutsideTheDeclaredOnesIsRefusedBeforeTheTargetWithAnErrorThatListsThem() async {
    app.commandCenter.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 1.25, 1.5, 2]
    let outcome = await app.send(.changePlaybackRate(1.4))
    guard case .commandCenter(let status) = outcome else {
      Issue.record("outcome \(outcome)")
      return
    }
    #expect(status.code == .commandFailed)
    #expect(status.message == "rate 1.4 is not one of the supported playback rates: 0.5, 1.0, 1.25, 1.5, 2.0")
    #expect(received.values.isEmpty)
  }

  @Test func aDeclaredRateReachesTheTargetBySendEventToo() {
    app.commandCenter.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 1.25, 1.5, 2]
    #expect(app.sendEvent(RemoteControlEvent(.changePlaybackRate(1.25))) == .commandCenter(.success))
    #expect(app.sendEvent(RemoteControlEvent(.changePlaybackRate(3)))?.isSuccess == false)
    #expect(received.values == [1.25])
  }
}
