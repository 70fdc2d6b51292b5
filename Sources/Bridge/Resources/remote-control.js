// remote-control.js — a web page becomes a real MPRIS media player through remotectld's bridge.
//
// Shaped like the W3C Media Session API (`navigator.mediaSession`):
//
//   import { mediaSession, MediaMetadata } from "/bridge/remote-control.js";
//   mediaSession.metadata = new MediaMetadata({ title: "Tone", artist: "Me", album: "Tests",
//                                               artwork: [{ src: "https://…/cover.png" }] });
//   mediaSession.setActionHandler("play", () => audio.play());
//   mediaSession.setPositionState({ duration: 30, playbackRate: 1, position: 0 });
//   mediaSession.playbackState = "playing";
//   await mediaSession.connect({ identity: "My Player", appId: "myplayer" });
//
// or, for a page already written against `navigator.mediaSession`, leave the page as it is and
// mirror it:
//
//   await mediaSession.connect({ identity: "My Player", appId: "myplayer", mirror: true });
//
// State set before `connect` is kept and sent on registration; after a lost connection the
// module reconnects with exponential backoff, registers again and resends the whole state.

/** The actions the bridge can deliver, the Media Session API's names. */
export const ACTIONS = Object.freeze([
  "play",
  "pause",
  "stop",
  "seekbackward",
  "seekforward",
  "seekto",
  "previoustrack",
  "nexttrack",
]);

/** Every action the Media Session specification names (others are a TypeError there too). */
const SPEC_ACTIONS = new Set([
  ...ACTIONS,
  "skipad",
  "togglecamera",
  "togglemicrophone",
  "hangup",
  "previousslide",
  "nextslide",
  "enterpictureinpicture",
  "voiceactivity",
]);

const PLAYBACK_STATES = new Set(["none", "paused", "playing"]);

/** The protocol version this client speaks (see docs/bridge-protocol.md). */
export const PROTOCOL_VERSION = 1;

/** A copy of the fields the bridge publishes; the Media Session API's `MediaMetadata`. */
export class MediaMetadata {
  /** @param {{title?: string, artist?: string, album?: string, artwork?: Array<{src: string, sizes?: string, type?: string}>}} init */
  constructor(init = {}) {
    this.title = String(init.title ?? "");
    this.artist = String(init.artist ?? "");
    this.album = String(init.album ?? "");
    this.artwork = Array.from(init.artwork ?? [], (image) => {
      if (image == null || image.src === undefined) {
        throw new TypeError("MediaMetadata: every artwork image needs a src");
      }
      return {
        src: new URL(String(image.src), document.baseURI).href,
        sizes: String(image.sizes ?? ""),
        type: String(image.type ?? ""),
      };
    });
  }
}

/** The plain object sent for metadata, or null for none. */
function metadataMessage(metadata) {
  if (metadata == null) return null;
  const copy = metadata instanceof MediaMetadata ? metadata : new MediaMetadata(metadata);
  return {
    title: copy.title,
    artist: copy.artist,
    album: copy.album,
    artwork: copy.artwork.map((image) => ({ src: image.src, sizes: image.sizes, type: image.type })),
  };
}

/**
 * Checks a position state as the Media Session specification's `setPositionState` does and
 * returns the normalized state, or null for an empty dictionary (which clears it).
 */
export function validatePositionState(state) {
  if (state === undefined || state === null) return null;
  if (typeof state !== "object") {
    throw new TypeError("setPositionState: the argument must be a MediaPositionState dictionary");
  }
  const has = (key) => state[key] !== undefined;
  if (!has("duration") && !has("position") && !has("playbackRate")) return null;
  if (!has("duration")) {
    throw new TypeError("setPositionState: duration is required");
  }
  const duration = Number(state.duration);
  if (Number.isNaN(duration) || duration < 0) {
    throw new TypeError(`setPositionState: duration ${state.duration} is negative or NaN`);
  }
  const position = has("position") ? Number(state.position) : 0;
  if (!Number.isFinite(position) || position < 0 || position > duration) {
    throw new TypeError(
      `setPositionState: position ${state.position} is outside [0, duration ${duration}]`,
    );
  }
  const playbackRate = has("playbackRate") ? Number(state.playbackRate) : 1;
  if (!Number.isFinite(playbackRate) || playbackRate === 0) {
    throw new TypeError(`setPositionState: playbackRate ${state.playbackRate} must be a non-zero number`);
  }
  return { duration, playbackRate, position };
}

/** The error a rejected `connect` or an `error` event carries: the hub's code and message. */
export class BridgeError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
  }
}

/**
 * A Media Session published through remotectld. Events: `connect` (detail: the registration),
 * `disconnect` (detail: {code, reason}), `error` (detail: a BridgeError the hub reported),
 * `action` (detail: the action details, after the handler ran).
 */
export class RemoteMediaSession extends EventTarget {
  #metadata = null;
  #playbackState = "none";
  #positionState = null;
  #handlers = new Map();
  #options = null;
  #socket = null;
  #registration = null;
  #attempt = 0;
  #retryTimer = null;
  #heartbeatTimer = null;
  #closedByUser = false;
  #mirrored = null;

  /** The metadata published as the player's Metadata, or null. */
  get metadata() {
    return this.#metadata;
  }

  set metadata(value) {
    if (value != null && typeof value !== "object") {
      throw new TypeError("metadata must be a MediaMetadata or null");
    }
    this.#metadata = value == null ? null : value;
    this.#send("metadata", { metadata: metadataMessage(value) });
  }

  /** "none", "paused" or "playing"; other values are ignored, as the specification says. */
  get playbackState() {
    return this.#playbackState;
  }

  set playbackState(value) {
    if (!PLAYBACK_STATES.has(value)) return;
    this.#playbackState = value;
    this.#send("playbackState", { state: value });
  }

  /**
   * Sets or (with null) removes the handler of a Media Session action. The bridge offers the
   * corresponding MPRIS commands (Can*) only while a handler is set.
   */
  setActionHandler(action, handler) {
    if (!SPEC_ACTIONS.has(action)) {
      throw new TypeError(`setActionHandler: '${action}' is not a valid MediaSessionAction`);
    }
    if (handler != null && typeof handler !== "function") {
      throw new TypeError("setActionHandler: the handler must be a function or null");
    }
    if (handler == null) this.#handlers.delete(action);
    else this.#handlers.set(action, handler);
    this.#sendActions();
  }

  /**
   * Sets the position state (duration and position in seconds, the rate) the player's Position
   * is computed from; an empty dictionary removes it.
   * @throws {TypeError} for a negative or NaN duration, a position outside [0, duration] or a
   *   rate of 0, as the Media Session specification says; nothing is sent then.
   */
  setPositionState(state) {
    const valid = validatePositionState(state);
    this.#positionState = valid;
    this.#send("positionState", { positionState: valid == null ? null : encodePosition(valid) });
  }

  /** Whether a registration is in force now. */
  get connected() {
    return this.#registration !== null;
  }

  /** The hub's answer to the last registration (bus name and the like), or null. */
  get registration() {
    return this.#registration;
  }

  /**
   * Connects to remotectld and registers this session as a player. Resolves with the hub's
   * registration once it is in force; rejects with a BridgeError when the hub refuses it (the
   * session then does not retry). A connection lost later is retried with backoff.
   *
   * @param {object} options
   * @param {string} [options.endpoint] the bridge's WebSocket URL (default: this module's host,
   *   path /bridge/ws)
   * @param {string} [options.token] a device token, when the page's origin is not allowed
   * @param {string} options.identity the player's Identity (its name in a desktop's media controls)
   * @param {string} [options.appId] the bus-name suffix: org.mpris.MediaPlayer2.<appId>
   * @param {string} [options.desktopEntry] the player's DesktopEntry
   * @param {boolean} [options.mirror] also follow the page's own navigator.mediaSession
   * @param {number} [options.minimumDelay] first reconnection delay in ms (default 250)
   * @param {number} [options.maximumDelay] longest reconnection delay in ms (default 10000)
   */
  connect(options = {}) {
    if (typeof options.identity !== "string" || options.identity === "") {
      return Promise.reject(new TypeError("connect: identity is required"));
    }
    this.disconnect();
    this.#closedByUser = false;
    this.#options = {
      endpoint: options.endpoint ?? defaultEndpoint(),
      token: options.token,
      identity: options.identity,
      appId: options.appId,
      desktopEntry: options.desktopEntry,
      minimumDelay: options.minimumDelay ?? 250,
      maximumDelay: options.maximumDelay ?? 10000,
    };
    if (options.mirror) this.#mirror();
    return new Promise((resolve, reject) => {
      this.#open({ resolve, reject });
    });
  }

  /** Closes the connection; the hub removes the player. Reconnection stops. */
  disconnect() {
    this.#closedByUser = true;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#stopHeartbeat();
    this.#registration = null;
    if (this.#socket) {
      const socket = this.#socket;
      this.#socket = null;
      socket.close(1000, "disconnect");
    }
  }

  // MARK: - Connection

  #open(pending) {
    const socket = new WebSocket(this.#options.endpoint);
    this.#socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(this.#registerMessage()));
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.#socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.#receive(message, pending);
      if (message.type === "registered" || message.type === "error") pending = null;
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      const wasRegistered = this.#registration !== null;
      this.#registration = null;
      this.#stopHeartbeat();
      if (wasRegistered) {
        this.dispatchEvent(new CustomEvent("disconnect", { detail: { code: event.code, reason: event.reason } }));
      }
      if (this.#closedByUser) return;
      this.#scheduleRetry(pending);
    });
  }

  #scheduleRetry(pending) {
    const { minimumDelay, maximumDelay } = this.#options;
    const delay = Math.min(maximumDelay, minimumDelay * 2 ** this.#attempt);
    this.#attempt += 1;
    // Jitter (up to a quarter of the delay) keeps many pages from reconnecting in step.
    const jittered = delay * (1 - Math.random() / 4);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#closedByUser) this.#open(pending);
    }, jittered);
  }

  #registerMessage() {
    const { token, identity, appId, desktopEntry } = this.#options;
    const message = { type: "register", version: PROTOCOL_VERSION, identity };
    if (token !== undefined) message.token = token;
    if (appId !== undefined) message.appId = appId;
    if (desktopEntry !== undefined) message.desktopEntry = desktopEntry;
    return message;
  }

  #receive(message, pending) {
    switch (message.type) {
      case "registered":
        this.#attempt = 0;
        this.#registration = message;
        this.#sendState();
        this.#startHeartbeat(message.heartbeat);
        pending?.resolve(message);
        this.dispatchEvent(new CustomEvent("connect", { detail: message }));
        break;
      case "action":
        this.#perform(message);
        break;
      case "error": {
        const error = new BridgeError(message.code, message.message);
        if (this.#registration === null && pending) {
          // A refused registration is final: retrying would be refused again.
          this.#closedByUser = true;
          pending.reject(error);
          this.#socket?.close(1000, "registration refused");
        }
        this.dispatchEvent(new CustomEvent("error", { detail: error }));
        break;
      }
      case "ping":
        this.#send("pong", {});
        break;
    }
  }

  #perform(message) {
    const action = message.action;
    const handler = this.#handlers.get(action);
    if (!handler) return;
    const details = { action };
    if (message.seekOffset !== undefined) details.seekOffset = message.seekOffset;
    if (message.seekTime !== undefined) details.seekTime = message.seekTime;
    if (message.fastSeek !== undefined) details.fastSeek = message.fastSeek;
    try {
      handler.call(this, details);
    } catch (error) {
      reportError(error);
    }
    this.dispatchEvent(new CustomEvent("action", { detail: details }));
  }

  #sendState() {
    this.#send("metadata", { metadata: metadataMessage(this.#metadata) });
    this.#sendActions();
    this.#send("positionState", {
      positionState: this.#positionState == null ? null : encodePosition(this.#positionState),
    });
    this.#send("playbackState", { state: this.#playbackState });
  }

  #sendActions() {
    this.#send("actions", { actions: ACTIONS.filter((action) => this.#handlers.has(action)) });
  }

  #send(type, body) {
    if (this.#registration === null || !this.#socket || this.#socket.readyState !== WebSocket.OPEN) return;
    this.#socket.send(JSON.stringify({ type, ...body }));
  }

  #startHeartbeat(interval) {
    this.#stopHeartbeat();
    const seconds = Number(interval);
    if (!(seconds > 0)) return;
    this.#heartbeatTimer = setInterval(() => this.#send("heartbeat", {}), (seconds * 1000) / 2);
  }

  #stopHeartbeat() {
    clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
  }

  // MARK: - Mirroring the page's own navigator.mediaSession

  #mirror() {
    const native = globalThis.navigator?.mediaSession;
    if (!native || this.#mirrored === native) return;
    this.#mirrored = native;
    const session = this;
    const prototype = Object.getPrototypeOf(native);
    for (const name of ["metadata", "playbackState"]) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      if (!descriptor?.set) continue;
      Object.defineProperty(native, name, {
        configurable: true,
        enumerable: true,
        get() {
          return descriptor.get.call(native);
        },
        set(value) {
          descriptor.set.call(native, value);
          session[name] = value;
        },
      });
    }
    const setActionHandler = native.setActionHandler.bind(native);
    native.setActionHandler = (action, handler) => {
      setActionHandler(action, handler);
      if (ACTIONS.includes(action)) session.setActionHandler(action, handler);
    };
    const setPositionState = native.setPositionState.bind(native);
    native.setPositionState = (state) => {
      setPositionState(state);
      session.setPositionState(state);
    };
    // What the page set before mirroring began.
    if (native.metadata) this.metadata = native.metadata;
    this.playbackState = native.playbackState;
  }
}

/** Durations and positions in seconds; an infinite duration (a live stream) is sent as null. */
function encodePosition(state) {
  return {
    duration: Number.isFinite(state.duration) ? state.duration : null,
    playbackRate: state.playbackRate,
    position: state.position,
  };
}

function defaultEndpoint() {
  const url = new URL("./ws", import.meta.url);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** The session every page uses, as there is one `navigator.mediaSession`. */
export const mediaSession = new RemoteMediaSession();

/** `mediaSession.connect(options)`. */
export function connect(options) {
  return mediaSession.connect(options);
}
