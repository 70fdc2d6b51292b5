// The page's WebSocket to the hub, kept open: phones kill sockets when they sleep, networks
// drop, the hub restarts. A closed socket is reopened after a delay that doubles from 0.5 s up
// to 30 s (with jitter, so a hub's restart is not met by every phone at once), and right away
// when the page becomes visible again or the browser says it is back online.
//
// No DOM here: the socket, the timers and the randomness are passed in, so the behaviour can
// be driven step by step.

/** Delays before each new attempt: doubling, capped, jittered between half and all of it. */
export class Backoff {
  constructor({ initial = 0.5, max = 30, factor = 2, random = Math.random } = {}) {
    this.initial = initial;
    this.max = max;
    this.factor = factor;
    this.random = random;
    this.attempts = 0;
  }

  /** The delay in seconds before the next attempt. */
  next() {
    const ceiling = Math.min(this.max, this.initial * this.factor ** this.attempts);
    this.attempts += 1;
    return ceiling / 2 + (this.random() * ceiling) / 2;
  }

  /** After a connection that held: start again from the initial delay. */
  reset() {
    this.attempts = 0;
  }
}

/**
 * One WebSocket, reopened whenever it closes, until stop().
 *
 * Callbacks: onOpen(), onMessage(data), onClose(code, wasOpen) (a refused upgrade is a close
 * that was never open), onStatus({state, retryIn}) with state "connecting", "open" or
 * "waiting" (closed; the next attempt in retryIn seconds), and onRefused(code, reason) when
 * the hub closed the socket for a reason retrying cannot fix (4001: the device was revoked):
 * then nothing is retried. `url()` is asked again for each socket (a signed URL is good once),
 * and `encode(message)` makes each message's frame (the page signs them).
 */
export class LiveConnection {
  constructor({
    url,
    protocols = () => undefined,
    createSocket = (u, p) => new WebSocket(u, p),
    backoff = new Backoff(),
    setTimer = (f, ms) => setTimeout(f, ms),
    clearTimer = (t) => clearTimeout(t),
    now = () => performance.now() / 1000,
    stableAfter = 5,
    isRefusal = (code) => code === 4001,
    onOpen = () => {},
    onClose = () => {},
    onMessage = () => {},
    onStatus = () => {},
    onRefused = () => {},
    encode = (message) => JSON.stringify(message),
  }) {
    Object.assign(this, {
      url, protocols, createSocket, backoff, setTimer, clearTimer, now, stableAfter,
      isRefusal, onOpen, onClose, onMessage, onStatus, onRefused, encode,
    });
    this.socket = null;
    this.retryTimer = null;
    this.probeTimer = null;
    this.openedAt = null;
    this.stopped = true;
    this.state = "waiting";
  }

  /** Opens the socket (once; later calls do nothing while it runs). */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Closes the socket and stops retrying. */
  stop() {
    this.stopped = true;
    this.cancelRetry();
    this.cancelProbe();
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.close(1000, "page closed");
    }
  }

  /** Whether a message can be sent now. */
  get isOpen() {
    return this.state === "open";
  }

  /** Sends a JSON message; false when the socket is not open (the caller says so). */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(this.encode(message));
    return true;
  }

  /**
   * The page came back (visible again, online again): a waiting socket is opened now, with
   * the backoff started over. An open one may be dead without knowing it (a phone that slept):
   * `probe`, when given, is sent, and no message within `timeout` seconds reopens the socket.
   */
  wake({ probe, timeout = 4 } = {}) {
    if (this.stopped) return;
    if (this.state === "waiting") {
      this.cancelRetry();
      this.backoff.reset();
      this.open();
      return;
    }
    if (this.state === "open" && probe !== undefined && this.send(probe)) {
      this.cancelProbe();
      this.probeTimer = this.setTimer(() => {
        this.probeTimer = null;
        this.drop();
      }, timeout * 1000);
    }
  }

  open() {
    this.setState("connecting");
    let socket;
    try {
      socket = this.createSocket(this.url(), this.protocols());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.openedAt = this.now();
      this.setState("open");
      this.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.cancelProbe();
      if (this.openedAt != null && this.now() - this.openedAt >= this.stableAfter) {
        this.backoff.reset();
      }
      this.onMessage(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.closed(event.code, event.reason);
    };
    // An error is always followed by a close; the close decides.
    socket.onerror = () => {};
  }

  /** Gives up on the current socket (it is presumed dead) and retries. */
  drop() {
    const socket = this.socket;
    if (!socket) return;
    this.closed(1006, "no answer");
    try {
      socket.close(4000, "no answer");
    } catch {
      // Already closing: nothing to do.
    }
  }

  closed(code, reason) {
    this.socket = null;
    this.cancelProbe();
    const wasOpen = this.openedAt != null;
    if (wasOpen && this.now() - this.openedAt >= this.stableAfter) {
      this.backoff.reset();
    }
    this.openedAt = null;
    if (this.stopped) return;
    this.onClose(code, wasOpen);
    if (this.stopped) return; // onClose may have stopped it
    if (this.isRefusal(code)) {
      this.stopped = true;
      this.setState("waiting", null);
      this.onRefused(code, reason);
      return;
    }
    this.scheduleRetry();
  }

  scheduleRetry() {
    const delay = this.backoff.next();
    this.setState("waiting", delay);
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay * 1000);
  }

  cancelRetry() {
    if (this.retryTimer != null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  cancelProbe() {
    if (this.probeTimer != null) this.clearTimer(this.probeTimer);
    this.probeTimer = null;
  }

  setState(state, retryIn = null) {
    this.state = state;
    this.onStatus({ state, retryIn });
  }
}
