// The playback position between two messages from the hub, extrapolated the W3C Media Session
// way: an anchor {position, rate, at} says where the player was at one instant and how fast it
// moved; the position now is position + elapsed × rate, clamped to [0, duration]. Nobody polls.
//
// Pure: no DOM, no timers. Times are in seconds; `at` and `now` are the page's monotonic clock
// (performance.now() / 1000), so the phone's wall clock being wrong does not matter.

/** Differences smaller than this between the shown position and a new anchor are ignored. */
export const SNAP_THRESHOLD = 0.25;

/**
 * The position an anchor gives at `now`, clamped to [0, duration] (duration null or Infinity:
 * no upper bound, a live stream).
 */
export function positionAt(anchor, now, duration) {
  if (!anchor) return 0;
  const elapsed = Math.max(0, now - anchor.at);
  const raw = anchor.position + elapsed * anchor.rate;
  const upper = duration == null || !Number.isFinite(duration) ? Infinity : duration;
  return Math.min(Math.max(raw, 0), upper);
}

/**
 * Holds the anchor the page shows and decides whether a new one replaces it.
 *
 * A new anchor is taken when it is a discontinuity (a seek, a new track, the first one), when
 * the rate changed (play, pause, another speed), or when it disagrees with the shown position
 * by SNAP_THRESHOLD or more. Otherwise the shown one is kept: a report that is a few frames
 * behind never pulls the bar back.
 */
export class ProgressClock {
  constructor() {
    this.anchor = null;
    this.duration = null;
  }

  /**
   * Offers an anchor; returns true when it was taken.
   * @param {{position: number, rate: number, at: number}} anchor
   * @param {{duration?: number|null, discontinuity?: boolean}} options
   */
  update(anchor, { duration = this.duration, discontinuity = false } = {}) {
    const durationChanged = duration !== this.duration;
    this.duration = duration;
    if (!this.anchor || discontinuity || durationChanged || anchor.rate !== this.anchor.rate) {
      this.anchor = { ...anchor };
      return true;
    }
    const shown = positionAt(this.anchor, anchor.at, this.duration);
    const offered = positionAt(anchor, anchor.at, this.duration);
    if (Math.abs(shown - offered) >= SNAP_THRESHOLD) {
      this.anchor = { ...anchor };
      return true;
    }
    return false;
  }

  /** Forgets the anchor (no track). */
  clear() {
    this.anchor = null;
    this.duration = null;
  }

  /** The position to show at `now`. */
  position(now) {
    return positionAt(this.anchor, now, this.duration);
  }

  /** Whether the position moves on its own (frames are worth drawing). */
  get isMoving() {
    return this.anchor != null && this.anchor.rate !== 0;
  }
}

/** "m:ss" or "h:mm:ss"; "--:--" when unknown; "Live" for an infinite duration. */
export function formatTime(seconds) {
  if (seconds == null || Number.isNaN(seconds)) return "--:--";
  if (!Number.isFinite(seconds)) return "Live";
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
