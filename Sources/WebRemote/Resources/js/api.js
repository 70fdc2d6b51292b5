// The hub's REST API (docs/web-remote-api.md): pairing, the session, players and commands.
// The device token travels in the `remote_device` cookie that pairing sets; nothing here
// stores it.

/** An error answer: `code` for programs, `message` for people, `player` the D-Bus error. */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message ?? `the hub answered ${status}`);
    this.status = status;
    this.code = error?.code ?? "http-" + status;
    this.player = error?.player ?? null;
  }
}

async function request(method, path, body) {
  const init = { method, credentials: "same-origin", cache: "no-store", headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, { code: "offline", message: "The hub cannot be reached." });
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy's page, an empty body): the status speaks.
  }
  if (!response.ok || payload?.ok === false) {
    throw new ApiError(response.status, payload?.error);
  }
  return payload;
}

/** Exchanges a pairing code for the device cookie; resolves to {device, token}. */
export function pair(code, name) {
  const body = name ? { code, name } : { code };
  return request("POST", "/api/pair", body);
}

/** This device ({device}) or an ApiError with status 401 when it is not paired. */
export function session() {
  return request("GET", "/api/session");
}

/** {now, nowPlaying, players}. */
export function players() {
  return request("GET", "/api/players");
}

/** Sends one command; resolves to {ok: true} or throws the player's refusal. */
export function command(player, name, args) {
  const path = `/api/players/${encodeURIComponent(player)}/${encodeURIComponent(name)}`;
  return request("POST", path, args ?? {});
}
