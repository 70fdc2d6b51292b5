// remote-control.js — a web page becomes a real MPRIS media player through remotectld's bridge
// (docs/bridge-protocol.md, version 1).
//
// Shaped like the W3C Media Session API (`navigator.mediaSession`):
//
//   import { mediaSession, MediaMetadata } from "/bridge/remote-control.js";
//   mediaSession.metadata = new MediaMetadata({ title: "Tone", artist: "Me", album: "Tests",
//                                               artwork: [{ src: "cover.png", sizes: "512x512" }] });
//   mediaSession.setActionHandler("play", () => audio.play());
//   mediaSession.setPositionState({ duration: 30, playbackRate: 1, position: 0 });
//   mediaSession.playbackState = "playing";
//   await mediaSession.connect({ identity: "My Player", appId: "com.example.MyPlayer" });
//
// or, for a page already written against `navigator.mediaSession`, leave the page as it is and
// mirror it:
//
//   await mediaSession.connect({ identity: "My Player", appId: "com.example.MyPlayer", mirror: true });
//
// State set before `connect` is kept and sent on registration; after a lost connection the
// module reconnects with exponential backoff, registers again and resends the whole state.

/** The actions the bridge delivers (protocol version 1), the Media Session API's names. */
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

/** Every action the Media Session specification names (any other is a TypeError there too). */
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

/** The protocol version this client speaks. */
export const PROTOCOL_VERSION = 1;

/** The client's name and version, sent in `hello`. */
const CLIENT = "remote-control.js 1.0";

/** The fatal errors: the hub closes the connection, and would refuse a new one again. */
const FATAL_ERRORS = new Set(["unsupported-version", "unauthorized", "origin-not-allowed", "message-too-large"]);

/** The `id` of the `register` message, so that its refusal is told from other errors. */
const REGISTER_ID = "register";

/** The fields the bridge publishes; the Media Session API's `MediaMetadata`. */
export class MediaMetadata {
  /**
   * @param {{title?: string, artist?: string, album?: string,
   *          artwork?: Array<{src: string, sizes?: string, type?: string}>, trackId?: string}} init
   *   `trackId` (not in the Media Session API) names the item, so that the MPRIS track id changes
   *   exactly when the item does; without it the item changes with title, artist or album.
   */
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
    if (init.trackId != null) this.trackId = String(init.trackId);
  }
}

/**
 * Checks a position state as the Media Session specification's `setPositionState` does and
 * returns the normalized state, or null for an empty dictionary (which clears it).
 * @throws {TypeError} for a missing, negative or NaN duration, a position outside
 *   [0, duration], or a rate of 0.
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
  if (Number.isNaN(position) || position < 0 || position > duration) {
    throw new TypeError(
      `setPositionState: position ${state.position} is outside [0, duration ${duration}]`,
    );
  }
  const playbackRate = has("playbackRate") ? Number(state.playbackRate) : 1;
  if (Number.isNaN(playbackRate) || playbackRate === 0) {
    throw new TypeError(`setPositionState: playbackRate ${state.playbackRate} must be a number other than 0`);
  }
  return { duration, playbackRate, position };
}

/** What the hub reported: its error `code` (docs/bridge-protocol.md §2.2) and message. */
export class BridgeError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
  }
}

/**
 * A Media Session published through remotectld. Events: `connect` (detail: the `registered`
 * message), `disconnect` (detail: {code, reason}), `error` (detail: a BridgeError the hub
 * reported), `action` (detail: {details, command}, after the handler ran).
 */
export class RemoteMediaSession extends EventTarget {
  #metadata = null;
  #playbackState = "none";
  #positionState = null;
  #handlers = new Map();
  #options = null;
  #socket = null;
  #greeted = false;
  #registration = null;
  #pending = null;
  #attempt = 0;
  #retryTimer = null;
  #closedByUser = true;
  #metadataGeneration = 0;
  #mirrored = null;
  #pageSetPlaybackState = false;
  #pageSetPositionState = false;
  #sentPosition = null;
  #suspended = false;
  #lifecycleHooked = false;

  /** The metadata published as the player's Metadata, or null. */
  get metadata() {
    return this.#metadata;
  }

  set metadata(value) {
    if (value != null && typeof value !== "object") {
      throw new TypeError("metadata must be a MediaMetadata or null");
    }
    this.#metadata = value == null ? null : value instanceof MediaMetadata ? value : new MediaMetadata(value);
    this.#sendMetadata();
  }

  /** "none", "paused" or "playing"; other values are ignored, as the specification says. */
  get playbackState() {
    return this.#playbackState;
  }

  set playbackState(value) {
    if (!PLAYBACK_STATES.has(value)) return;
    if (value !== this.#playbackState) this.#sentPosition = null;
    this.#playbackState = value;
    this.#send({ type: "playbackState", playbackState: value });
  }

  /**
   * Sets or (with null) removes the handler of a Media Session action. The player offers the
   * corresponding MPRIS commands (Can*) only while a handler is set. A handler is called with
   * the action's details (`MediaSessionActionDetails`) and, as a second argument, the command the
   * controller asked for (`togglePlayPause` for an MPRIS PlayPause that became play or pause).
   * Actions MPRIS has no counterpart for (`skipad`, `hangup`, …) are accepted and never called.
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
    if (ACTIONS.includes(action)) this.#sendActions();
  }

  /**
   * Sets the position state (duration and position in seconds, the rate) the player's Position
   * is computed from; an empty dictionary removes it. Call it when the position jumps, the rate
   * changes or the item changes; the hub extrapolates in between.
   * @throws {TypeError} for a negative or NaN duration, a position outside [0, duration] or a
   *   rate of 0, as the Media Session specification says; nothing is sent then.
   */
  setPositionState(state) {
    const valid = validatePositionState(state);
    this.#positionState = valid;
    if (this.#agreesWithSent(valid)) return;
    this.#sendPositionState();
  }

  /**
   * Whether the hub's extrapolation of the last state sent already says this (same duration and
   * rate, position within 0.3 s): pages often report on every `timeupdate`, and the protocol
   * asks for reports only when the position jumps, the rate changes or the item changes. The
   * margin is wider than the hub's 0.1 s because a media element's clock lags the wall clock by
   * a few hundred milliseconds after a seek, while its output restarts (measured in Chromium:
   * 0.25 s); reported, that lag became a second `Seeked` nobody had asked for.
   */
  #agreesWithSent(state) {
    const sent = this.#sentPosition;
    if (state == null || sent == null || this.#socket == null) return false;
    if (state.duration !== sent.state.duration || state.playbackRate !== sent.state.playbackRate) return false;
    const elapsed = sent.playing ? ((performance.now() - sent.at) / 1000) * sent.state.playbackRate : 0;
    const expected = Math.min(Math.max(sent.state.position + elapsed, 0), sent.state.duration);
    return Math.abs(state.position - expected) < 0.3;
  }

  /** Whether a registration is in force now. */
  get connected() {
    return this.#registration !== null;
  }

  /** The hub's `registered` message (its `busName`), or null. */
  get registration() {
    return this.#registration;
  }

  /**
   * Connects to remotectld and registers this session as a player. Resolves with the hub's
   * `registered` message; rejects with a BridgeError when the hub refuses the connection or the
   * registration (the session then does not retry). A connection lost later, or one that cannot
   * be opened yet, is retried with exponential backoff, and the whole state sent again.
   *
   * @param {object} options
   * @param {string} options.identity the player's name in desktops' media controls (MPRIS Identity)
   * @param {string} [options.appId] the bus name's last part, org.mpris.MediaPlayer2.<appId>
   *   (default: made from the identity)
   * @param {string} [options.desktopEntry] the app's .desktop file, without .desktop
   * @param {string} [options.endpoint] the bridge's WebSocket URL (default: the /bridge path of
   *   the host this module was loaded from)
   * @param {string} [options.token] the bridge token, for an origin the user has not allowed
   * @param {string} [options.player] the name of the player on this connection (default "main")
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
    this.#attempt = 0;
    this.#options = {
      endpoint: options.endpoint ?? defaultEndpoint(),
      token: options.token,
      identity: options.identity,
      appId: options.appId ?? appIdFrom(options.identity),
      desktopEntry: options.desktopEntry,
      player: options.player ?? "main",
      minimumDelay: options.minimumDelay ?? 250,
      maximumDelay: options.maximumDelay ?? 10000,
    };
    if (options.mirror) this.#mirror();
    this.#hookLifecycle();
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#open();
    });
  }

  /** Closes the connection; the hub removes the player. Reconnection stops. */
  disconnect() {
    this.#closedByUser = true;
    this.#suspended = false;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#registration = null;
    this.#greeted = false;
    if (this.#socket) {
      const socket = this.#socket;
      this.#socket = null;
      socket.close(1000, "disconnect");
    }
  }

  // MARK: - Connection

  #open() {
    let socket;
    try {
      socket = new WebSocket(this.#options.endpoint);
    } catch (error) {
      this.#fail(new BridgeError("invalid-endpoint", `connect: ${error.message}`));
      return;
    }
    this.#socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.#socket) return;
      const { token, identity, appId, desktopEntry, player } = this.#options;
      const hello = { type: "hello", version: PROTOCOL_VERSION, client: CLIENT };
      if (token !== undefined) hello.token = token;
      socket.send(JSON.stringify(hello));
      const register = { type: "register", id: REGISTER_ID, player, appId, identity };
      if (desktopEntry !== undefined) register.desktopEntry = desktopEntry;
      socket.send(JSON.stringify(register));
      // Messages are applied in order: the state may follow `register` at once.
      this.#greeted = true;
      this.#sendState();
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.#socket || typeof event.data !== "string") return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.#receive(message);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#greeted = false;
      const wasRegistered = this.#registration !== null;
      this.#registration = null;
      if (wasRegistered) {
        this.dispatchEvent(new CustomEvent("disconnect", { detail: { code: event.code, reason: event.reason } }));
      }
      if (!this.#closedByUser) this.#scheduleRetry();
    });
  }

  /**
   * A page the browser keeps in its back/forward cache after the user navigated away is frozen:
   * its handlers cannot run, yet an open WebSocket would keep its player on the bus (the browser
   * still answers the hub's pings). So the player leaves when the page is hidden, and registers
   * again, with its whole state, when the page is shown from the cache.
   */
  #hookLifecycle() {
    if (this.#lifecycleHooked || typeof window === "undefined") return;
    this.#lifecycleHooked = true;
    window.addEventListener("pagehide", () => {
      if (this.#closedByUser) return;
      this.disconnect();
      this.#suspended = true;
    });
    window.addEventListener("pageshow", (event) => {
      if (!event.persisted || !this.#suspended) return;
      this.#suspended = false;
      this.#closedByUser = false;
      this.#attempt = 0;
      this.#open();
    });
  }

  #scheduleRetry() {
    const { minimumDelay, maximumDelay } = this.#options;
    const delay = Math.min(maximumDelay, minimumDelay * 2 ** this.#attempt);
    this.#attempt += 1;
    // Jitter (up to a quarter of the delay) keeps many pages from reconnecting in step.
    const jittered = delay * (1 - Math.random() / 4);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#closedByUser) this.#open();
    }, jittered);
  }

  #receive(message) {
    switch (message.type) {
      case "registered":
        if (message.player !== this.#options.player) return;
        this.#attempt = 0;
        this.#registration = message;
        this.#pending?.resolve(message);
        this.#pending = null;
        this.dispatchEvent(new CustomEvent("connect", { detail: message }));
        break;
      case "action":
        if (message.player === this.#options.player && message.details) {
          this.#perform(message.details, message.command);
        }
        break;
      case "error": {
        // A refused connection or registration would be refused again: stop. Other errors
        // (a refused artwork, say) leave the player as it was and are only reported.
        const error = new BridgeError(message.code, message.message);
        if (FATAL_ERRORS.has(message.code) || message.id === REGISTER_ID) this.#fail(error);
        this.dispatchEvent(new CustomEvent("error", { detail: error }));
        break;
      }
    }
  }

  /** A refusal that retrying would meet again: stop, and reject a pending `connect`. */
  #fail(error) {
    this.disconnect();
    this.#pending?.reject(error);
    this.#pending = null;
  }

  #perform(details, command) {
    const handler = this.#handlers.get(details.action);
    if (!handler) return;
    try {
      handler.call(this, { ...details }, command);
    } catch (error) {
      reportError(error);
    }
    this.dispatchEvent(new CustomEvent("action", { detail: { details, command } }));
  }

  #sendState() {
    this.#sendActions();
    this.#sendMetadata();
    this.#sendPositionState();
    this.#send({ type: "playbackState", playbackState: this.#playbackState });
  }

  #sendActions() {
    this.#send({ type: "actions", actions: ACTIONS.filter((action) => this.#handlers.has(action)) });
  }

  #sendPositionState() {
    const state = this.#positionState;
    const sent = this.#send({
      type: "positionState",
      positionState:
        state == null
          ? null
          : {
              // JSON has no Infinity: null is the protocol's infinite duration (a live stream).
              duration: Number.isFinite(state.duration) ? state.duration : null,
              playbackRate: state.playbackRate,
              position: state.position,
            },
    });
    this.#sentPosition =
      sent && state != null ? { state, at: performance.now(), playing: this.#playbackState === "playing" } : null;
  }

  /** Sends the metadata once its artwork URLs are ones the hub takes (blob: becomes data:). */
  #sendMetadata() {
    const generation = ++this.#metadataGeneration;
    const metadata = this.#metadata;
    if (metadata == null) {
      this.#send({ type: "metadata", metadata: null });
      return;
    }
    const text = { title: metadata.title, artist: metadata.artist, album: metadata.album };
    if (metadata.trackId !== undefined) text.trackId = metadata.trackId;
    const send = (artwork) => {
      // A newer assignment (or a reconnection, which resends it) supersedes this one.
      if (generation !== this.#metadataGeneration) return;
      this.#send({ type: "metadata", metadata: { ...text, artwork } });
    };
    if (!metadata.artwork.some((image) => image.src.startsWith("blob:"))) {
      send(metadata.artwork.map(plainImage).filter((image) => image !== null));
      return;
    }
    const images = metadata.artwork.map(async (image) =>
      plainImage(image.src.startsWith("blob:") ? { ...image, src: await dataURL(image.src) } : image),
    );
    Promise.all(images).then(
      (artwork) => send(artwork.filter((image) => image !== null)),
      () => send([]),
    );
  }

  /** Sends a message about this player; false when there is no connection to send it on. */
  #send(message) {
    const socket = this.#socket;
    if (!this.#greeted || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ ...message, player: this.#options.player }));
    return true;
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
          if (name === "playbackState") session.#pageSetPlaybackState = true;
          session[name] = value;
        },
      });
    }
    const setActionHandler = native.setActionHandler.bind(native);
    native.setActionHandler = (action, handler) => {
      setActionHandler(action, handler);
      session.setActionHandler(action, handler);
    };
    const setPositionState = native.setPositionState.bind(native);
    native.setPositionState = (state) => {
      setPositionState(state);
      session.#pageSetPositionState = true;
      session.setPositionState(state);
    };
    // What the page set before mirroring began (action handlers cannot be read back).
    if (native.metadata) this.metadata = native.metadata;
    if (native.playbackState !== "none") {
      this.#pageSetPlaybackState = true;
      this.playbackState = native.playbackState;
    }
    // A browser derives what a page does not say from its media elements; so does the mirror.
    // Their events do not bubble: they are caught on the way down.
    const follow = (event) => {
      const media = event.target;
      // While an element seeks, its currentTime holds the target but playback stands still;
      // its `seeked` event reports the arrival.
      if (!(media instanceof HTMLMediaElement) || media.seeking) return;
      if (!this.#pageSetPlaybackState && (event.type === "playing" || event.type === "pause" || event.type === "ended")) {
        this.playbackState = media.paused ? "paused" : "playing";
      }
      if (!this.#pageSetPositionState && (Number.isFinite(media.duration) || media.duration === Infinity)) {
        const rate = media.playbackRate === 0 ? 1 : media.playbackRate;
        this.#positionState = {
          duration: media.duration,
          playbackRate: rate,
          position: Math.min(Math.max(media.currentTime, 0), media.duration),
        };
        this.#sendPositionState();
      }
    };
    for (const type of ["playing", "pause", "ended", "seeked", "durationchange", "ratechange"]) {
      document.addEventListener(type, follow, true);
    }
  }
}

function plainImage(image) {
  if (!/^(https?|data):/.test(image.src)) return null;
  const entry = { src: image.src };
  if (image.sizes) entry.sizes = image.sizes;
  if (image.type) entry.type = image.type;
  return entry;
}

/** The bytes of a blob: URL as a data: URL (the hub cannot read the page's blobs). */
async function dataURL(blobURL) {
  const blob = await (await fetch(blobURL)).blob();
  return await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** An appId the protocol accepts, made from a player's name ("Tone Demo" → "Tone_Demo"). */
function appIdFrom(identity) {
  const element = identity.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 100);
  if (element === "") return "WebPage";
  return /^[0-9]/.test(element) ? `_${element}`.slice(0, 100) : element;
}

function defaultEndpoint() {
  const url = new URL("/bridge", import.meta.url);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** The session every page uses, as there is one `navigator.mediaSession`. */
export const mediaSession = new RemoteMediaSession();

/** `mediaSession.connect(options)`. */
export function connect(options) {
  return mediaSession.connect(options);
}
