// "Show on lock screen": the page hands the Now Playing player to the browser's W3C Media
// Session, so that the phone's own lock screen and notification shade show it and drive it.
//
// A browser hands a page's session to the system only while the page plays media: unmuted,
// longer than 5 s (or of unknown length), started by a tap. So while the switch is on and there
// is a player, an <audio> element loops silence.mp3 (7 s of digital silence, 7 KB) — playing
// while the player plays, paused while it is paused, so that the lock screen's button is right.
// Metadata, playback state and position state follow the player; the lock screen's buttons come
// back as commands to the hub. Off, or no player: the session and the audio are let go.
//
// The hub is told which player the page hands over ({"type": "lockScreen", "player": id}), so
// that a browser on the same desktop, which publishes the session as an MPRIS player of its
// own, is never taken for a player.

import { positionAt } from "./progress-clock.js";

/** The key under which the switch is remembered on this device. */
export const STORAGE_KEY = "remotectl.showOnLockScreen";

/** The artwork sizes phones ask for: one picture, served as it is, offered at each. */
export const ARTWORK_SIZES = "96x96 128x128 192x192 256x256 384x384 512x512";

const ACTIONS = [
  "play", "pause", "stop", "previoustrack", "nexttrack", "seekbackward", "seekforward", "seekto",
];

/** The Media Session metadata of `player`: what the page shows of it. */
export function sessionMetadata(player, base) {
  const m = player.metadata ?? {};
  const artwork = player.artwork
    ? [{ src: new URL(player.artwork, base).href, sizes: ARTWORK_SIZES }]
    : [];
  return {
    title: m.title || player.identity || player.id,
    artist: m.artist ?? "",
    album: m.album ?? "",
    artwork,
  };
}

/**
 * The Media Session position state of `player` at `now` (the page's monotonic seconds), or null
 * when it has no position. A paused player keeps its rate of 1 (the API refuses 0); the
 * session's paused state stops the clock.
 */
export function positionState(player, now) {
  const anchor = player.position;
  if (!anchor) return null;
  const length = player.metadata?.length;
  const duration = typeof length === "number" && length > 0 ? length : Infinity;
  const position = positionAt(anchor, now, duration);
  return { duration, playbackRate: anchor.rate > 0 ? anchor.rate : 1, position };
}

export class LockScreen {
  /**
   * @param {object} options
   *   audio: the <audio> element; mediaSession: navigator.mediaSession (or null: unsupported);
   *   storage: localStorage (or null); base: the page's URL; now(): monotonic seconds;
   *   send(player, command, args) → Promise; announce(message) → whether it was sent;
   *   onChange(state): called with {on, active, waitingForTap, supported} after each change;
   *   artworkURL(path): the URL the browser fetches the artwork `path` from (a signed one).
   */
  constructor({ audio, mediaSession, storage, base, now, send, announce, onChange, artworkURL = (p) => p }) {
    Object.assign(this, { audio, mediaSession, storage, base, now, send, announce, onChange, artworkURL });
    this.on = this.supported && storage?.getItem(STORAGE_KEY) === "on";
    this.player = null; // the player handed over
    this.shown = { metadata: null, position: null, handlers: null, status: null };
    this.waitingForTap = false;
  }

  get supported() {
    return !!this.mediaSession && typeof globalThis.MediaMetadata === "function";
  }

  /** Whether the session is held: on, with a player. */
  get active() {
    return this.on && this.player != null;
  }

  /**
   * Turns the switch on or off, handing over `player` (the Now Playing one): called from the
   * tap on the switch, so that starting the audio counts as the user's.
   */
  setOn(on, player) {
    this.on = on && this.supported;
    try {
      this.storage?.setItem(STORAGE_KEY, this.on ? "on" : "off");
    } catch {
      // Storage refused (a private window): the switch lasts as long as the page.
    }
    this.player = null;
    this.release();
    this.follow(player ?? null);
    if (this.active) this.startFromTap();
    this.tellHub();
    this.changed();
  }

  /** A tap anywhere: the audio starts now, if it waited for one. */
  tapped() {
    if (this.waitingForTap && this.active) this.startFromTap();
  }

  /**
   * Starts the silence from a tap, even for a paused player: a browser hands over only a
   * session that played. A paused player's pauses again at once.
   */
  startFromTap() {
    this.startAudio().then((started) => {
      if (started && this.player?.playbackStatus !== "Playing") this.audio.pause();
    });
  }

  /** Tells the hub which player the page hands over (again, after the socket reopened). */
  tellHub() {
    this.announce({ type: "lockScreen", player: this.on ? (this.player?.id ?? null) : null });
  }

  /**
   * Follows `player`, the Now Playing player (null: none): takes hold of the session, updates
   * it, or lets it go.
   */
  follow(player) {
    if (!this.on) return;
    const before = this.player;
    if (!player) {
      if (before) {
        this.player = null;
        this.release();
        this.tellHub();
        this.changed();
      }
      return;
    }
    this.player = player;
    if (!before || before.id !== player.id) this.tellHub();
    this.update(player);
    if (!before) this.changed();
  }

  update(player) {
    const session = this.mediaSession;
    const metadata = sessionMetadata(player, this.base);
    const metadataKey = JSON.stringify(metadata);
    if (metadataKey !== this.shown.metadata) {
      this.shown.metadata = metadataKey;
      // Signed once per picture: the signature is good for one fetch.
      if (player.artwork) metadata.artwork[0].src = new URL(this.artworkURL(player.artwork), this.base).href;
      session.metadata = new MediaMetadata(metadata);
    }

    const commands = player.commands ?? {};
    const handlers = ACTIONS.filter((action) => this.offers(action, commands)).join(" ");
    if (handlers !== this.shown.handlers) {
      this.shown.handlers = handlers;
      for (const action of ACTIONS) {
        const handler = this.offers(action, commands) ? (details) => this.act(action, details) : null;
        try {
          session.setActionHandler(action, handler);
        } catch {
          // An action this browser does not know.
        }
      }
    }

    const playing = player.playbackStatus === "Playing";
    session.playbackState = playing ? "playing" : "paused";
    if (playing !== this.shown.status) {
      this.shown.status = playing;
      if (playing) this.startAudio();
      else if (this.audio.getAttribute("src")) this.audio.pause();
    }

    const state = positionState(player, this.now());
    const positionKey = state && JSON.stringify([player.position, state.duration, player.metadata?.trackId]);
    if (positionKey !== this.shown.position) {
      this.shown.position = positionKey;
      try {
        session.setPositionState(state ?? undefined);
      } catch {
        // A position the browser refuses (past the duration while a track changes): the next
        // anchor corrects it.
      }
    }
  }

  /** Whether the lock screen offers `action` for a player that offers `commands`. */
  offers(action, commands) {
    switch (action) {
      // Always handled: the browser would otherwise pause the silence itself.
      case "play": case "pause": return true;
      case "stop": return !!commands.stop;
      case "previoustrack": return !!commands.previousTrack;
      case "nexttrack": return !!commands.nextTrack;
      case "seekbackward": return !!commands.skipBackward;
      case "seekforward": return !!commands.skipForward;
      case "seekto": return !!commands.seek;
      default: return false;
    }
  }

  /** A press on the lock screen, sent to the player handed over. */
  act(action, details = {}) {
    const player = this.player;
    if (!player) return;
    const commands = player.commands ?? {};
    const interval = (offset) => (offset > 0 ? { interval: offset } : {});
    let command;
    let args;
    switch (action) {
      case "play":
        this.startAudio();
        command = commands.play ? "play" : "togglePlayPause";
        break;
      case "pause":
        this.audio.pause();
        command = commands.pause ? "pause" : "togglePlayPause";
        break;
      case "stop": command = "stop"; break;
      case "previoustrack": command = "previousTrack"; break;
      case "nexttrack": command = "nextTrack"; break;
      case "seekbackward": command = "skipBackward"; args = interval(details.seekOffset); break;
      case "seekforward": command = "skipForward"; args = interval(details.seekOffset); break;
      case "seekto": command = "seek"; args = { position: Math.max(0, details.seekTime ?? 0) }; break;
      default: return;
    }
    this.send(player.id, command, args).catch(() => {
      // The page's own controls say why when they are pressed; the lock screen has no place to.
    });
  }

  /** Plays the silence; resolves to whether it plays. */
  startAudio() {
    const audio = this.audio;
    if (!audio.getAttribute("src")) audio.setAttribute("src", audio.dataset.src);
    return Promise.resolve(audio.play()).then(
      () => {
        if (this.waitingForTap) {
          this.waitingForTap = false;
          this.changed();
        }
        return true;
      },
      (error) => {
        // Refused without a tap (the switch was remembered on, the page just opened): the next
        // tap anywhere on the page starts it.
        if (error?.name === "NotAllowedError" && !this.waitingForTap) {
          this.waitingForTap = true;
          this.changed();
        }
        return false;
      });
  }

  /**
   * Whether `player` shows what the page hands over now, though it is not the player handed
   * over: the browser's echo of this page's session.
   */
  isEcho(player) {
    if (!this.player || player.id === this.player.id || this.shown.metadata == null) return false;
    const { title, artist, album } = sessionMetadata(player, this.base);
    const shown = JSON.parse(this.shown.metadata);
    return title === shown.title && artist === shown.artist && album === shown.album;
  }

  /** Lets go of the session and the audio. */
  release() {
    const session = this.mediaSession;
    this.shown = { metadata: null, position: null, handlers: null, status: null };
    this.waitingForTap = false;
    this.audio.pause();
    if (this.audio.getAttribute("src")) {
      this.audio.removeAttribute("src");
      this.audio.load();
    }
    if (!session) return;
    session.metadata = null;
    session.playbackState = "none";
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // An action this browser does not know.
      }
    }
    try {
      session.setPositionState();
    } catch {
      // Nothing to clear.
    }
  }

  changed() {
    this.onChange?.({
      on: this.on, active: this.active, waitingForTap: this.waitingForTap, supported: this.supported,
    });
  }
}
