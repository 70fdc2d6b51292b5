import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The page's scripts as the browser runs them, served by a real remotectld, before and
/// without pairing: the unpaired page, a refused code, and the pure parts (the progress clock,
/// the reconnecting socket, the store) driven step by step in the browser itself.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun))
struct WebRemoteScriptTests {
  /// Starts the hub (and binaural), opens the page without pairing, runs `body` with the
  /// page's origin, and stops everything however it ended.
  private func withUnpairedPage(_ body: (WebRemoteStage, RemotePage, String) async throws -> Void)
    async throws
  {
    try await WebRemoteStage.run { stage in
      let opened = try await stage.openBrowser()
      let origin = try WebRemoteStage.origin(of: try await stage.pairingURL())
      try await body(stage, RemotePage(browser: opened), origin)
    }
  }

  @Test func anUnpairedPageSaysHowToPairAndShowsNoPlayer() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/")
      try await eventually("the pairing notice") {
        try await page.browser.evaluate("return !document.getElementById('pairing').hidden;", as: Bool.self)
      }
      #expect(try await page.text("pairing-text").contains("remotectl pair"))
      try await page.browser.screenshot("unpaired", in: "web-remote")
      #expect(try await page.text("title") == "Nothing playing")
      #expect(try await page.showsOfflineBanner() == false)
    }
  }

  @Test func aRefusedCodeSaysWhyAndLeavesTheAddressBarClean() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/#pair=2345-6789")
      try await eventually("the pairing notice") {
        try await page.text("pairing-text").hasPrefix("Pairing failed:")
      }
      #expect(try await page.address() == origin + "/")
    }
  }

  @Test func theManifestAndEveryIconItNamesAreServed() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/")
      let result = try await page.browser.evaluate(
        """
        const link = document.querySelector('link[rel=manifest]').href;
        return fetch(link).then((r) => r.json()).then(async (manifest) => {
          const icons = [];
          for (const icon of manifest.icons) {
            const r = await fetch(new URL(icon.src, link));
            icons.push(`${icon.sizes} ${icon.purpose} ${r.status} ${r.headers.get('content-type')}`);
          }
          return JSON.stringify({ name: manifest.short_name, display: manifest.display,
            start: manifest.start_url, icons });
        });
        """, as: String.self)
      #expect(
        result
          == #"{"name":"Now Playing","display":"standalone","start":"./","icons":["#
          + #""any any 200 image/svg+xml","192x192 any 200 image/png","512x512 any 200 image/png","#
          + #""512x512 maskable 200 image/png"]}"#)
    }
  }

  @Test func theConnectionRetriesWithDoublingDelaysAndAtOnceWhenThePageComesBack() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/")
      let result = try await page.browser.evaluate(
        """
        return import(arguments[0]).then(({ Backoff, LiveConnection }) => {
          const timers = [], sockets = [], states = [];
          const connection = new LiveConnection({
            url: () => 'ws://example.invalid/',
            createSocket: () => {
              const s = { sent: [], send(m) { this.sent.push(m); }, close() {} };
              sockets.push(s);
              return s;
            },
            setTimer: (f, ms) => timers.push({ f, ms }) - 1,
            clearTimer: (id) => { timers[id] = null; },
            backoff: new Backoff({ random: () => 1 }),
            now: () => 0,
            onStatus: ({ state }) => states.push(state),
          });
          connection.start();
          sockets[0].onclose({ code: 1006 });           // dropped: retry in 0.5 s
          timers[0].f();
          sockets[1].onclose({ code: 1006 });           // again: 1 s
          timers[1].f();
          sockets[2].onclose({ code: 1006 });           // again: 2 s
          const delays = timers.map((t) => t.ms);
          connection.wake();                            // the page is visible again: now
          const reopenedAtOnce = sockets.length === 4 && timers[2] === null;
          sockets[3].onopen();
          connection.wake({ probe: { type: 'resync' }, timeout: 4 });
          const probe = sockets[3].sent[0];
          timers[timers.length - 1].f();                // no answer to the probe: reopened
          const afterDeadProbe = states[states.length - 1];
          timers[timers.length - 1].f();
          let refused = null;
          connection.onRefused = (code) => { refused = code; };
          sockets[sockets.length - 1].onclose({ code: 4001 });   // revoked: no retry
          return JSON.stringify({ delays, reopenedAtOnce, probe, afterDeadProbe, refused,
            sockets: sockets.length, timers: timers.length });
        });
        """, [origin + "/js/live-connection.js"], as: String.self)
      #expect(
        result
          == #"{"delays":[500,1000,2000],"reopenedAtOnce":true,"probe":"{\"type\":\"resync\"}","afterDeadProbe":"waiting","refused":4001,"sockets":5,"timers":5}"#
      )
    }
  }

  @Test func theProgressClockIgnoresDifferencesUnder250Milliseconds() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/")
      let result = try await page.browser.evaluate(
        """
        return import(arguments[0]).then(({ ProgressClock }) => {
          const clock = new ProgressClock();
          const taken = [];
          taken.push(clock.update({ position: 10, rate: 1, at: 100 }, { duration: 600 }));
          // 200 ms behind what is shown: ignored, the bar does not go back.
          taken.push(clock.update({ position: 11.8, rate: 1, at: 102 }));
          const kept = clock.position(102);
          // 300 ms: taken.
          taken.push(clock.update({ position: 11.7, rate: 1, at: 102 }));
          const corrected = clock.position(102);
          // Paused: taken whatever the difference, and it stays.
          taken.push(clock.update({ position: 11.75, rate: 0, at: 102.05 }));
          // Past the end: clamped to the length.
          const end = new ProgressClock();
          end.update({ position: 599, rate: 1, at: 0 }, { duration: 600 });
          return JSON.stringify({ taken, kept, corrected, paused: clock.position(200),
            clamped: end.position(10) });
        });
        """, [origin + "/js/progress-clock.js"], as: String.self)
      #expect(
        result == #"{"taken":[true,false,true,true],"kept":12,"corrected":11.7,"paused":11.75,"clamped":600}"#
      )
    }
  }

  @Test func theStoreMovesAnchorsOntoThePagesClockAndFollowsTheOrder() async throws {
    try await withUnpairedPage { _, page, origin in
      try await page.browser.open(origin + "/")
      let result = try await page.browser.evaluate(
        """
        return import(arguments[0]).then(({ PlayerStore }) => {
          const store = new PlayerStore();
          // The hub's clock is an hour ahead of the phone's: only differences count.
          const hub = 1763834400000 + 3600000;
          store.apply({ type: 'snapshot', now: hub, nowPlaying: 'a', players: [
            { id: 'a', isNowPlaying: true, position: { position: 5, rate: 1, at: hub - 2000 } },
            { id: 'b', isNowPlaying: false } ] }, 50);
          const at = store.get('a').position.at;
          store.apply({ type: 'added', now: hub, player: { id: 'c', isNowPlaying: false } }, 51);
          store.apply({ type: 'order', now: hub, nowPlaying: 'c', players: ['c', 'a', 'b'] }, 52);
          const order = store.list().map((p) => p.id + (p.isNowPlaying ? '*' : ''));
          store.apply({ type: 'changed', now: hub, id: 'a', changes: { playbackStatus: 'Paused' } }, 53);
          store.apply({ type: 'removed', now: hub, id: 'c' }, 54);
          return JSON.stringify({ at, order, status: store.get('a').playbackStatus,
            after: store.list().map((p) => p.id), nowPlaying: store.nowPlaying });
        });
        """, [origin + "/js/player-store.js"], as: String.self)
      #expect(
        result
          == #"{"at":48,"order":["c*","a","b"],"status":"Paused","after":["a","b"],"nowPlaying":null}"#)
    }
  }
}
