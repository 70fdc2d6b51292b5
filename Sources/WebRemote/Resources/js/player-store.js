// The hub's players as the page knows them, kept from the WebSocket's messages
// (snapshot, added, changed, removed, order). Pure: no DOM, no socket.
//
// Position anchors arrive on the hub's clock ({position, rate, at} with `at` in ms since the
// epoch, and the message's `now`). They are kept on the page's monotonic clock instead, in
// seconds: `at` becomes receivedAt + (at − now) / 1000, so a phone whose clock is wrong still
// extrapolates right.

export class PlayerStore {
  constructor() {
    this.players = new Map();
    this.order = [];
    this.nowPlaying = null;
  }

  /**
   * Takes in one message; `receivedAt` is the page's monotonic time in seconds when it came.
   * Returns the ids of the players it changed (the order's change is reported as "order").
   */
  apply(message, receivedAt) {
    const now = typeof message.now === "number" ? message.now : null;
    const local = (snapshot) => localized(snapshot, now, receivedAt);
    switch (message.type) {
      case "snapshot": {
        this.players = new Map();
        for (const player of message.players ?? []) this.players.set(player.id, local(player));
        this.order = (message.players ?? []).map((p) => p.id);
        this.nowPlaying = message.nowPlaying ?? null;
        this.syncNowPlayingFlags();
        return ["order", ...this.order];
      }
      case "added": {
        const player = local(message.player);
        this.players.set(player.id, player);
        if (!this.order.includes(player.id)) this.order.push(player.id);
        return [player.id];
      }
      case "changed": {
        const player = this.players.get(message.id);
        if (!player) return [];
        const changes = local(message.changes ?? {});
        this.players.set(message.id, { ...player, ...changes });
        return [message.id];
      }
      case "removed": {
        this.players.delete(message.id);
        this.order = this.order.filter((id) => id !== message.id);
        if (this.nowPlaying === message.id) this.nowPlaying = null;
        return ["order", message.id];
      }
      case "order": {
        this.order = (message.players ?? []).filter((id) => this.players.has(id));
        this.nowPlaying = message.nowPlaying ?? null;
        this.syncNowPlayingFlags();
        return ["order"];
      }
      default:
        return [];
    }
  }

  /** The players in the hub's activity order, the Now Playing one first. */
  list() {
    const listed = this.order.map((id) => this.players.get(id)).filter(Boolean);
    const rest = [...this.players.values()].filter((p) => !this.order.includes(p.id));
    return [...listed, ...rest];
  }

  get(id) {
    return id == null ? undefined : this.players.get(id);
  }

  syncNowPlayingFlags() {
    for (const [id, player] of this.players) {
      const isNowPlaying = id === this.nowPlaying;
      if (player.isNowPlaying !== isNowPlaying) this.players.set(id, { ...player, isNowPlaying });
    }
  }
}

/** A snapshot (or a `changes` object) with its anchor moved onto the page's clock. */
function localized(snapshot, now, receivedAt) {
  const anchor = snapshot.position;
  if (!anchor || typeof anchor.at !== "number") return snapshot;
  const offset = now == null ? 0 : (anchor.at - now) / 1000;
  return {
    ...snapshot,
    position: { position: anchor.position, rate: anchor.rate, at: receivedAt + offset },
  };
}
