// The lock screen's DOM: draws one player (artwork, text, progress, controls), the players
// dialog and the banner, and turns presses into calls of `send(command, arguments)` and
// `select`/`view` for the switcher. No networking here.

import { ProgressClock, formatTime } from "./progress-clock.js";

const LOOP_NEXT = { None: "Playlist", Playlist: "Track", Track: "None" };
const LOOP_WORD = { None: "Off", Playlist: "All", Track: "One" };
/** The volume control a player's slider drives, as the API's `volumeControl` names it. */
const VOLUME_CONTROL = {
  mpris: { word: "", title: "the player's MPRIS Volume" },
  streams: { word: "Sound server", title: "the player's own streams on the sound server" },
  none: { word: "", title: "no volume" },
};
const monotonic = () => performance.now() / 1000;
/** What marks a player on the system bus (the API's `bus`), beside its name. */
const SYSTEM_BUS = "system bus";

/**
 * Shows "system bus" in `mark` for a player the hub relays from the system bus, so that a
 * player on both buses reads as two; empty and hidden for every other.
 */
function busMark(mark, player) {
  const onSystemBus = player?.bus === "system";
  mark.hidden = !onSystemBus;
  mark.textContent = onSystemBus ? SYSTEM_BUS : "";
}

export class RemoteView {
  /**
   * @param {object} handlers send(command, args) → Promise, view(id|null), makeNowPlaying(id),
   *   retry(), artworkURL(path) → the URL to load the artwork `path` from (a signed one)
   */
  constructor(document, handlers) {
    this.document = document;
    this.handlers = handlers;
    this.clock = new ProgressClock();
    this.player = null;
    this.frame = null;
    this.seeking = false; // the bar was dragged and not yet released
    this.seekHeld = false; // a pointer holds the bar
    this.volumeHeld = false;
    this.lastVolumeSent = 0;
    this.statusTimer = null;
    this.shownSecond = null;
    this.rows = new Map(); // player id → its row in the switcher
    const $ = (id) => document.getElementById(id);
    this.el = {
      remote: $("remote"), banner: $("banner"), bannerText: $("banner-text"),
      bannerRetry: $("banner-retry"), pairing: $("pairing"), pairingText: $("pairing-text"),
      playersButton: $("players-button"), playerName: $("player-name"), playerBus: $("player-bus"),
      playerBadge: $("player-badge"),
      artwork: $("artwork"), artworkFrame: $("artwork-frame"), title: $("title"), artist: $("artist"),
      album: $("album"), like: $("like"), bookmark: $("bookmark"), seek: $("seek"),
      elapsed: $("elapsed"), duration: $("duration"), skipBackward: $("skip-backward"),
      skipBackwardInterval: $("skip-backward-interval"), previous: $("previous"),
      playPause: $("play-pause"), playPauseIcon: $("play-pause-icon"), next: $("next"),
      skipForward: $("skip-forward"), skipForwardInterval: $("skip-forward-interval"),
      volume: $("volume"), volumeControl: $("volume-control"), shuffle: $("shuffle"), loop: $("loop"),
      loopMode: $("loop-mode"),
      status: $("status"), dialog: $("players-dialog"), list: $("player-list"),
      lockScreen: $("lock-screen"), lockScreenNote: $("lock-screen-note"),
    };
    this.lockScreenCost = this.el.lockScreenNote?.textContent ?? "";
    this.wire();
    document.addEventListener("visibilitychange", () => this.scheduleFrame());
  }

  wire() {
    const { el } = this;
    el.playPause.addEventListener("click", () => {
      const p = this.player;
      if (!p) return;
      if (p.playbackStatus === "Playing") {
        this.send(p.commands?.pause ? "pause" : "togglePlayPause");
      } else {
        this.send(p.commands?.play ? "play" : "togglePlayPause");
      }
    });
    el.previous.addEventListener("click", () => this.send("previousTrack"));
    el.next.addEventListener("click", () => this.send("nextTrack"));
    el.skipBackward.addEventListener("click", () => this.send("skipBackward", {}));
    el.skipForward.addEventListener("click", () => this.send("skipForward", {}));
    el.like.addEventListener("click", () =>
      this.send("like", { active: !this.player?.isLiked }));
    el.bookmark.addEventListener("click", () =>
      this.send("bookmark", { active: !this.player?.isBookmarked }));
    el.shuffle.addEventListener("click", () =>
      this.send("shuffle", { shuffle: !this.player?.shuffle }));
    el.loop.addEventListener("click", () => {
      const next = LOOP_NEXT[this.player?.loopStatus ?? "None"] ?? "None";
      this.send("loop", { loopStatus: next });
    });

    // Seeking by dragging: while a finger (or the mouse) holds the bar, the page stops moving
    // it; the dragged position is shown, and the hub hears only the release (`change`).
    el.seek.addEventListener("pointerdown", () => (this.seekHeld = true));
    el.seek.addEventListener("input", () => {
      this.seeking = true;
      this.drawPosition(Number(el.seek.value));
    });
    el.seek.addEventListener("change", () => {
      const position = Number(el.seek.value);
      this.seeking = false;
      this.seekHeld = false;
      if (!this.player) return;
      // Shown at once where it was dropped; the hub's anchor confirms or corrects it.
      const rate = this.clock.anchor?.rate ?? 0;
      this.clock.update({ position, rate, at: monotonic() }, { discontinuity: true });
      this.send("seek", { position });
      this.scheduleFrame();
    });

    // Volume: sent while dragging at most every 200 ms (well under the hub's 100 messages in
    // 10 s), and once more on release; the hub's values do not move the knob while it is held.
    el.volume.addEventListener("pointerdown", () => (this.volumeHeld = true));
    el.volume.addEventListener("input", () => {
      this.fill(el.volume, Number(el.volume.value), 1);
      const now = performance.now();
      if (now - this.lastVolumeSent >= 200) {
        this.lastVolumeSent = now;
        this.send("volume", { volume: Number(el.volume.value) });
      }
    });
    el.volume.addEventListener("change", () => {
      this.volumeHeld = false;
      this.lastVolumeSent = performance.now();
      this.send("volume", { volume: Number(el.volume.value) });
    });

    // A press that ends without a change (a tap on the knob, a drag back to where it
    // started) lets go too; a change, when there is one, comes before the timer.
    const release = () => {
      this.seekHeld = false;
      this.volumeHeld = false;
      setTimeout(() => {
        if (this.seeking && !this.seekHeld) {
          this.seeking = false;
          this.drawPosition(this.clock.position(monotonic()));
        }
        this.scheduleFrame();
      }, 0);
    };
    this.document.defaultView.addEventListener("pointerup", release);
    this.document.defaultView.addEventListener("pointercancel", release);

    // On a desktop, the keys of a media player: space plays and pauses, ← and → skip, N and P
    // change the track. Not while a control has the focus (it has its own keys) or a dialog
    // is open.
    this.document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey || el.dialog.open) return;
      if (target instanceof Element && target.closest("button, input, select, textarea, a")) return;
      const press = {
        " ": el.playPause, ArrowLeft: el.skipBackward, ArrowRight: el.skipForward,
        n: el.next, N: el.next, p: el.previous, P: el.previous,
      }[event.key];
      if (!press || press.disabled || press.closest("[hidden]")) return;
      event.preventDefault();
      press.click();
    });

    el.playersButton.addEventListener("click", () => this.openPlayers());
    el.dialog.addEventListener("close", () => el.playersButton.setAttribute("aria-expanded", "false"));
    el.dialog.addEventListener("click", (event) => {
      if (event.target === el.dialog) el.dialog.close(); // a tap on the backdrop
    });
    el.bannerRetry.addEventListener("click", () => this.handlers.retry());
    el.lockScreen?.addEventListener("click", () =>
      this.handlers.lockScreen?.(el.lockScreen.getAttribute("aria-checked") !== "true"));
  }

  /**
   * The "Show on lock screen" switch: on or off, hidden where the browser has no Media
   * Session, and a word when the browser waits for a tap to start.
   */
  showLockScreen({ on, waitingForTap, supported }) {
    const { lockScreen, lockScreenNote } = this.el;
    if (!lockScreen) return;
    lockScreen.closest(".lock-screen").hidden = !supported;
    lockScreen.setAttribute("aria-checked", String(on));
    lockScreenNote.textContent = on && waitingForTap
      ? "Tap anywhere on this page to show the player on the lock screen again (the browser asks for a tap)."
      : this.lockScreenCost.replace(/\s+/g, " ").trim();
  }

  async send(command, args) {
    const player = this.player;
    if (!player) return;
    try {
      await this.handlers.send(player.id, command, args);
    } catch (error) {
      this.say(error.message || String(error));
    }
  }

  /** A short message under the controls, gone after a few seconds. */
  say(text) {
    const { status } = this.el;
    status.textContent = text;
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => (status.textContent = ""), 5000);
  }

  // ---- drawing ----

  /**
   * Shows `player` (or none). The player shown before tells a new track or another player
   * (the bar jumps) from a new anchor of the same track.
   */
  show(player) {
    const previous = this.player;
    this.player = player ?? null;
    const { el } = this;
    const p = this.player;
    const commands = p?.commands ?? {};
    const m = p?.metadata ?? {};

    el.playerName.textContent = p ? p.identity || p.id : "No player";
    busMark(el.playerBus, p);
    el.playerBadge.hidden = !p?.isNowPlaying;

    el.title.textContent = p ? m.title || p.identity || p.id : "Nothing playing";
    el.artist.textContent = m.artist ?? "";
    el.album.textContent = m.album ?? "";
    this.document.title = p && m.title ? `${m.title}${m.artist ? " — " + m.artist : ""}` : "Now Playing";

    this.showArtwork(p?.artwork ?? null);

    const playing = p?.playbackStatus === "Playing";
    el.artworkFrame.classList.toggle("paused", !!p && !playing);
    el.artworkFrame.classList.toggle("interrupted", !!p?.isInterrupted);
    el.artworkFrame.title = p?.isInterrupted ? "Interrupted" : "";
    el.playPause.setAttribute("aria-label", playing ? "Pause" : "Play");
    el.playPauseIcon.setAttribute("href", playing ? "#i-pause" : "#i-play");
    el.playPause.disabled = !p ||
      !(playing ? commands.pause || commands.togglePlayPause : commands.play || commands.togglePlayPause);
    el.previous.disabled = !commands.previousTrack;
    el.next.disabled = !commands.nextTrack;

    const back = p?.skipIntervals?.backward?.[0] ?? 15;
    const forward = p?.skipIntervals?.forward?.[0] ?? 15;
    el.skipBackward.disabled = !commands.skipBackward;
    el.skipForward.disabled = !commands.skipForward;
    el.skipBackwardInterval.textContent = String(Math.round(back));
    el.skipForwardInterval.textContent = String(Math.round(forward));
    el.skipBackward.title = `Back ${Math.round(back)} seconds`;
    el.skipForward.title = `Forward ${Math.round(forward)} seconds`;

    el.like.hidden = !commands.like && !p?.isLiked;
    el.like.disabled = !commands.like;
    el.like.setAttribute("aria-pressed", String(!!p?.isLiked));
    el.bookmark.hidden = !commands.bookmark && !p?.isBookmarked;
    el.bookmark.disabled = !commands.bookmark;
    el.bookmark.setAttribute("aria-pressed", String(!!p?.isBookmarked));

    el.shuffle.disabled = !commands.shuffle || p?.shuffle == null;
    el.shuffle.setAttribute("aria-pressed", String(!!p?.shuffle));
    const loop = p?.loopStatus ?? null;
    el.loop.disabled = !commands.loop || loop == null;
    el.loop.setAttribute("aria-pressed", String(loop != null && loop !== "None"));
    el.loopMode.textContent = LOOP_WORD[loop ?? "None"];

    const volume = typeof p?.volume === "number" ? p.volume : null;
    el.volume.disabled = !commands.volume || volume == null;
    if (!this.volumeHeld) {
      el.volume.value = String(Math.min(Math.max(volume ?? 0, 0), 1));
      this.fill(el.volume, Number(el.volume.value), 1);
    }
    el.volume.setAttribute("aria-valuetext", volume == null ? "no volume" : `${Math.round(volume * 100)} %`);
    // Which control the slider drives: the player's MPRIS Volume, or (for a player without a
    // writable one) its own streams on the sound server, set through the hub.
    const control = VOLUME_CONTROL[p?.volumeControl] ?? VOLUME_CONTROL.none;
    el.volumeControl.textContent = control.word;
    el.volumeControl.title = control.title;
    el.volumeControl.dataset.control = p?.volumeControl ?? "none";
    el.volume.title = `Volume: ${control.title}`;

    // The progress: a new anchor is offered to the clock, which keeps the shown one when the
    // difference is under 250 ms; a new track or another player is a jump, taken as it is.
    const length = typeof m.length === "number" ? m.length : null;
    const sameTrack = previous && p && previous.id === p.id &&
      (previous.metadata?.trackId ?? null) === (m.trackId ?? null);
    if (!p || !p.position) {
      this.clock.clear();
    } else if (!sameTrack || previous.position !== p.position || length !== this.clock.duration) {
      this.clock.update(p.position, { duration: length, discontinuity: !sameTrack });
    }
    el.seek.disabled = !commands.seek || length == null;
    el.seek.max = String(length ?? 1);
    el.duration.textContent = formatTime(length);
    this.shownSecond = null;
    if (!this.seeking) this.drawPosition(this.clock.position(monotonic()));
    this.scheduleFrame();
  }

  showArtwork(url) {
    const img = this.el.artwork;
    if (!url) {
      img.hidden = true;
      img.removeAttribute("src");
      delete img.dataset.artwork;
      return;
    }
    if (img.dataset.artwork === url) return;
    img.dataset.artwork = url;
    img.onload = () => (img.hidden = false);
    img.onerror = () => (img.hidden = true);
    img.src = this.handlers.artworkURL?.(url) ?? url;
  }

  drawPosition(position) {
    const { seek, elapsed } = this.el;
    const length = this.clock.duration;
    if (!this.seeking && !this.seekHeld) seek.value = String(position);
    this.fill(seek, position, length ?? 0);
    const second = Math.floor(position);
    if (second !== this.shownSecond) {
      this.shownSecond = second;
      elapsed.textContent = this.player ? formatTime(position) : "0:00";
      const total = length == null ? "unknown length" : formatTime(length);
      seek.setAttribute("aria-valuetext", `${formatTime(position)} of ${total}`);
    }
  }

  fill(slider, value, max) {
    const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
    slider.style.setProperty("--fill", `${percent}%`);
  }

  /** One frame per display refresh while the position moves and the page is seen; none else. */
  scheduleFrame() {
    if (this.frame != null) return;
    if (!this.clock.isMoving || this.document.visibilityState === "hidden") return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      if (!this.seeking) this.drawPosition(this.clock.position(monotonic()));
      this.scheduleFrame();
    });
  }

  // ---- players ----

  openPlayers() {
    const { dialog, playersButton } = this.el;
    this.handlers.refreshPlayers?.();
    if (!dialog.open) dialog.showModal();
    playersButton.setAttribute("aria-expanded", "true");
  }

  /**
   * Draws the switcher: the players in activity order, the Now Playing one marked. Each
   * player's row is kept and updated in place (a row redrawn under a finger would swallow
   * the tap, and lose the focus); rows move only when the order changes.
   */
  showPlayers(players, viewedId) {
    const { list } = this.el;
    const ids = new Set(players.map((p) => p.id));
    for (const [id, row] of this.rows) {
      if (!ids.has(id)) {
        row.li.remove();
        this.rows.delete(id);
      }
    }
    for (const p of players) {
      if (!this.rows.has(p.id)) this.rows.set(p.id, this.playerRow(p.id));
      this.updateRow(this.rows.get(p.id), p, viewedId);
    }
    const wanted = players.map((p) => this.rows.get(p.id).li);
    const shown = [...list.children].filter((li) => li.dataset.player);
    if (wanted.length !== shown.length || wanted.some((li, i) => li !== shown[i])) {
      list.replaceChildren(...wanted);
    }
    if (players.length === 0 && !list.querySelector(".empty")) {
      const li = this.document.createElement("li");
      li.className = "empty";
      li.textContent = "No player is running.";
      list.append(li);
    }
  }

  /** One player's row: a button to show it, and one to make it Now Playing. */
  playerRow(id) {
    const d = this.document;
    const li = d.createElement("li");
    li.dataset.player = id;
    const choice = d.createElement("button");
    choice.type = "button";
    choice.className = "player-choice";
    const name = d.createElement("span");
    name.className = "name";
    const label = d.createElement("span");
    const badge = d.createElement("span");
    badge.className = "badge";
    badge.textContent = "Now Playing";
    name.append(label, badge);
    // The system bus's mark opens the detail line, leaving the name its room beside the button.
    const detail = d.createElement("span");
    detail.className = "detail";
    const bus = d.createElement("span");
    bus.className = "bus-mark";
    const detailText = d.createElement("span");
    detail.append(bus, detailText);
    choice.append(name, detail);
    const make = d.createElement("button");
    make.type = "button";
    make.className = "make-now-playing";
    make.textContent = "Make Now Playing";
    li.append(choice, make);
    const row = { li, choice, label, bus, badge, detailText, make, player: null };
    choice.addEventListener("click", () => {
      this.handlers.view(row.player?.isNowPlaying ? null : id);
      this.el.dialog.close();
    });
    make.addEventListener("click", async () => {
      try {
        await this.handlers.makeNowPlaying(id);
        // Chosen: back to the transport, which follows the Now Playing player, now this one.
        this.handlers.view(null);
        this.el.dialog.close();
      } catch (error) {
        this.say(error.message || String(error));
      }
    });
    return row;
  }

  updateRow(row, p, viewedId) {
    row.player = p;
    const name = p.identity || p.id;
    if (p.id === viewedId) row.choice.setAttribute("aria-current", "true");
    else row.choice.removeAttribute("aria-current");
    row.label.textContent = name;
    busMark(row.bus, p);
    row.badge.hidden = !p.isNowPlaying;
    const what = [p.metadata?.title, p.metadata?.artist].filter(Boolean).join(" — ");
    const status = p.isInterrupted ? "Interrupted" : p.playbackStatus;
    row.detailText.textContent = [status, what].filter(Boolean).join(" · ");
    row.make.hidden = !!p.isNowPlaying;
    const where = p.bus === "system" ? ` (${SYSTEM_BUS})` : "";
    row.make.setAttribute("aria-label", `Make ${name}${where} Now Playing`);
  }

  // ---- connection and pairing ----

  /** The banner: null hides it. */
  banner(text, { retry = false } = {}) {
    const { banner, bannerText, bannerRetry } = this.el;
    banner.hidden = text == null;
    if (text != null) bannerText.textContent = text;
    bannerRetry.hidden = !retry;
  }

  /** The "not paired" notice: null hides it. */
  pairing(text) {
    const { pairing, pairingText } = this.el;
    pairing.hidden = text == null;
    this.document.body.classList.toggle("unpaired", text != null);
    if (text == null) return;
    // The command to run, as code that does not break across lines.
    const parts = text.split("remotectl pair");
    pairingText.replaceChildren(parts[0]);
    for (const part of parts.slice(1)) {
      const code = this.document.createElement("code");
      code.textContent = "remotectl pair";
      pairingText.append(code, part);
    }
  }
}
