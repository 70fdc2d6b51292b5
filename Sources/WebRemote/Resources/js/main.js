// The web remote's start: pair when the URL carries a pairing link, check the session, then
// keep one WebSocket to /api/events whose messages keep the store, and so the lock screen,
// current. Every request, upgrade and message is signed with the device's key (signing.js),
// which stays in this browser's storage.

import * as api from "./api.js";
import { LiveConnection } from "./live-connection.js";
import { LockScreen } from "./lock-screen.js";
import { deviceName, takePairingLink } from "./pairing.js";
import { PlayerStore } from "./player-store.js";
import { RemoteView } from "./remote-view.js";
import { FrameSigner, storeDevice, storedDevice } from "./signing.js";

const NOT_PAIRED =
  "On the computer, run remotectl pair and open the address it prints on this device (or scan its QR code).";
const ACK_TIMEOUT_MS = 8000;
const monotonic = () => performance.now() / 1000;

const store = new PlayerStore();
const pending = new Map(); // command id → {resolve, reject, timer}
let viewedId = null; // null: follow the Now Playing player
let commandCount = 0;
let frames = null; // the signer of the socket being opened or open
const storage = localStorageOrNull();

const view = new RemoteView(document, {
  send,
  view: (id) => {
    viewedId = id;
    render();
  },
  makeNowPlaying: async (id) => {
    await send(id, "select");
    viewedId = null;
    render();
  },
  retry: () => connection.wake(),
  artworkURL: (path) => api.signedURL(path),
  lockScreen: (on) => lockScreen.setOn(on, lockScreenPlayer()),
  refreshPlayers: async () => {
    if (connection.isOpen) return;
    try {
      const answer = await api.players();
      store.apply({ ...answer, type: "snapshot" }, monotonic());
      render();
    } catch {
      // Offline: the banner says so already.
    }
  },
});

const lockScreen = new LockScreen({
  audio: document.getElementById("lock-screen-audio"),
  mediaSession: "mediaSession" in navigator ? navigator.mediaSession : null,
  storage,
  base: location.href,
  artworkURL: (path) => api.signedURL(path),
  now: monotonic,
  send,
  announce: (message) => connection.send(message),
  onChange: (state) => view.showLockScreen(state),
});

const connection = new LiveConnection({
  // Each socket's upgrade is signed afresh, and its messages with a key of that socket alone.
  url: () => {
    const { url, nonce } = api.currentSigner().signedURL("/api/events");
    frames = new FrameSigner(api.currentSigner().socketKey(nonce));
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${url}`;
  },
  encode: (message) => frames.frame(message),
  // The hub learns again which player the page hands to the lock screen: it may have restarted.
  onOpen: () => lockScreen.tellHub(),
  onMessage: receive,
  onStatus: ({ state, retryIn }) => {
    document.body.classList.toggle("offline", state === "waiting");
    if (state === "open") {
      view.banner(null);
    } else if (state === "waiting" && retryIn != null) {
      const why = navigator.onLine === false ? "This device has no network" : "The hub cannot be reached";
      view.banner(`Offline. ${why}; trying again in ${Math.max(1, Math.round(retryIn))} s.`, { retry: true });
    }
  },
  onClose: (code, wasOpen) => {
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error("The connection to the hub was lost before the player answered."));
      pending.delete(id);
    }
    // A refused upgrade says nothing about why; the session does (401: not paired any more).
    if (!wasOpen) checkStillPaired();
  },
  onRefused: () => {
    storeDevice(storage, null);
    unpaired("This device’s pairing was revoked. " + NOT_PAIRED);
  },
});

function localStorageOrNull() {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage disabled.
  }
}

/**
 * The player the lock screen shows: the Now Playing one. A browser on the same desktop
 * republishes the page's session as a player of its own; should the hub list that echo as Now
 * Playing (it restarted, and has not heard from the page yet), the page keeps handing over the
 * player it echoes.
 */
function lockScreenPlayer() {
  const nowPlaying = store.get(store.nowPlaying) ?? null;
  const handed = lockScreen.player ? store.get(lockScreen.player.id) : null;
  if (nowPlaying && handed && nowPlaying.id !== handed.id && lockScreen.isEcho(nowPlaying)) return handed;
  return nowPlaying;
}

function viewedPlayer() {
  return store.get(viewedId) ?? store.get(store.nowPlaying) ?? store.list()[0] ?? null;
}

function render() {
  // A chosen player that left, or became Now Playing itself: follow Now Playing again.
  if (viewedId != null && (!store.get(viewedId) || viewedId === store.nowPlaying)) viewedId = null;
  const player = viewedPlayer();
  view.show(player);
  view.showPlayers(store.list(), player?.id ?? null);
  lockScreen.follow(lockScreenPlayer());
}

function receive(data) {
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  switch (message.type) {
    case "snapshot":
    case "added":
    case "changed":
    case "removed":
    case "order":
      store.apply(message, monotonic());
      render();
      break;
    case "ack": {
      const waiting = pending.get(message.id);
      if (!waiting) break;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.ok) waiting.resolve(message);
      else waiting.reject(new api.ApiError(0, message.error));
      break;
    }
    case "error":
      if (message.id && pending.has(message.id)) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        clearTimeout(waiting.timer);
        waiting.reject(new api.ApiError(0, message.error));
      } else {
        view.say(message.error?.message ?? "The hub did not understand the page.");
      }
      break;
    default:
      break;
  }
}

/** A command over the socket, answered by its ack; over REST when the socket is down. */
function send(player, command, args) {
  if (!connection.isOpen) return api.command(player, command, args);
  const id = `c${++commandCount}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("The hub did not answer in time."));
    }, ACK_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    const message = { type: "command", id, player, command };
    if (args !== undefined) message.arguments = args;
    if (!connection.send(message)) {
      clearTimeout(timer);
      pending.delete(id);
      resolve(api.command(player, command, args));
    }
  });
}

function unpaired(text) {
  connection.stop();
  view.banner(null);
  document.body.classList.remove("offline");
  view.pairing(text);
}

async function checkStillPaired() {
  try {
    await api.session();
  } catch (error) {
    if (error.status === 401) {
      storeDevice(storage, null);
      unpaired(NOT_PAIRED);
    }
  }
}

async function start() {
  const link = takePairingLink();
  let pairingError = null;
  if (link) {
    try {
      const { device } = await api.pair(link.code, link.key, deviceName());
      storeDevice(storage, { id: device.id, key: link.key });
      api.useDevice({ id: device.id, key: link.key });
    } catch (error) {
      pairingError = error;
    }
  }
  if (!api.currentSigner()) {
    try {
      api.useDevice(storedDevice(storage));
    } catch {
      storeDevice(storage, null); // damaged: pairing again is the way out
    }
  }
  // No key: not paired, or paired before requests were signed (by a cookie the hub no longer
  // reads); either way the user pairs this browser again.
  const why = pairingError ? `Pairing failed: ${pairingError.message} ` : "";
  if (!api.currentSigner()) {
    view.pairing(why + NOT_PAIRED);
    return;
  }
  try {
    await api.session();
  } catch (error) {
    if (error.status === 401) {
      storeDevice(storage, null);
      api.useDevice(null);
      view.pairing(why + NOT_PAIRED);
      return;
    }
    // Unreachable: the connection keeps trying, and the banner says so.
  }
  if (pairingError) view.say(`Pairing failed: ${pairingError.message}`);
  connection.start();
}

document.addEventListener("visibilitychange", () => {
  // A phone that slept may hold a dead socket: ask for the state, reopen if nothing answers.
  if (document.visibilityState === "visible") connection.wake({ probe: { type: "resync" } });
});
// A browser that refused to start the lock screen's audio without a tap gets one here.
document.addEventListener("pointerdown", () => lockScreen.tapped(), true);
document.addEventListener("keydown", () => lockScreen.tapped(), true);
window.addEventListener("online", () => connection.wake({ probe: { type: "resync" } }));
window.addEventListener("offline", () =>
  view.banner("Offline. This device has no network.", { retry: true }));

view.showLockScreen({ on: lockScreen.on, waitingForTap: false, supported: lockScreen.supported });
start();
