// cordova-remote-controls.js — the Cordova RemoteControls plugin's JavaScript API on remotectld's
// bridge, so a hybrid app written for it runs unchanged in a browser or web view on Linux.
//
//   <script src="/bridge/cordova-remote-controls.js" data-identity="Radio" data-app-id="radio"></script>
//
// then, as the app already does:
//
//   window.remoteControls.updateMetas(onSuccess, onFailure, [artist, title, album, image, duration, elapsed]);
//   document.addEventListener("remote-event", (event) => { switch (event.remoteEvent.subtype) { … } });
//
// The subtypes are the plugin's: play, pause, playpause, prevTrack, nextTrack. The script's
// data-* attributes configure the connection: data-endpoint, data-token, data-identity
// (default: the document's title), data-app-id, data-desktop-entry. Outside Cordova (no
// `window.cordova`), it fires `deviceready` on the document once connected, as cordova.js would.
(function () {
  "use strict";
  const script = document.currentScript;
  const config = script ? script.dataset : {};
  const moduleURL = new URL("remote-control.js", script ? script.src : document.baseURI).href;

  // The subtype each bridged action becomes. An MPRIS PlayPause reaches the page as play or
  // pause with the command `togglePlayPause`: that is the plugin's "playpause" (iOS's
  // UIEventSubtypeRemoteControlTogglePlayPause), and the app decides, as it does on iOS.
  const SUBTYPES = {
    play: "play",
    pause: "pause",
    previoustrack: "prevTrack",
    nexttrack: "nextTrack",
  };

  let playing = null;
  let session = null;
  const ready = import(moduleURL).then(async (module) => {
    session = module.mediaSession;
    for (const [action, subtype] of Object.entries(SUBTYPES)) {
      session.setActionHandler(action, (details, command) =>
        remoteControls.receiveRemoteEvent({ subtype: command === "togglePlayPause" ? "playpause" : subtype }),
      );
    }
    await session.connect({
      endpoint: config.endpoint,
      token: config.token,
      identity: config.identity || document.title || "Web page",
      appId: config.appId,
      desktopEntry: config.desktopEntry,
    });
    if (!window.cordova) document.dispatchEvent(new Event("deviceready"));
    return module;
  });

  // Media elements report whether the app plays (their events do not bubble, so capture them on
  // the document); before any does, the state follows updateMetas, which on iOS publishes rate 1.
  for (const [type, state] of [["playing", true], ["play", true], ["pause", false], ["ended", false]]) {
    document.addEventListener(
      type,
      (event) => {
        if (!(event.target instanceof HTMLMediaElement)) return;
        playing = state;
        if (session) session.playbackState = state ? "playing" : "paused";
      },
      true,
    );
  }

  const remoteControls = {
    /**
     * The plugin's updateMetas: params are [artist, title, album, image, duration, elapsed]
     * (duration and elapsed in seconds; image an http(s), data: or page-relative URL, or "").
     * success is called once the bridge has it; fail with a message when it was refused.
     */
    updateMetas(success, fail, params) {
      ready
        .then((module) => {
          const [artist, title, album, image, duration, elapsed] = Array.isArray(params) ? params : [];
          session.metadata = new module.MediaMetadata({
            artist: artist ?? "",
            title: title ?? "",
            album: album ?? "",
            artwork: image ? [{ src: String(image) }] : [],
          });
          const length = Number(duration);
          if (Number.isFinite(length) && length > 0) {
            const position = Math.min(Math.max(Number(elapsed) || 0, 0), length);
            session.setPositionState({ duration: length, playbackRate: 1, position });
          } else {
            session.setPositionState({});
          }
          session.playbackState = playing === false ? "paused" : "playing";
          if (typeof success === "function") success("OK");
        })
        .catch((error) => {
          if (typeof fail === "function") fail(String(error && error.message ? error.message : error));
        });
    },

    /** The plugin's receiveRemoteEvent: fires `remote-event` with `event.remoteEvent`. */
    receiveRemoteEvent(event) {
      const ev = document.createEvent("HTMLEvents");
      ev.remoteEvent = event;
      ev.initEvent("remote-event", true, true);
      document.dispatchEvent(ev);
    },

    /** Resolves once the page is registered with the bridge. */
    ready,
  };

  window.remoteControls = remoteControls;
  window.plugins = window.plugins || {};
  window.plugins.remoteControls = remoteControls;
})();
