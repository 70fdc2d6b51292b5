// The hub's REST API (docs/web-remote-api.md): pairing, the session, players and commands.
// Every request is signed with the device's key (signing.js); the key itself is never sent.

import { Signer } from "./signing.js";

/** The device's signer, once the page knows it (null: every request goes out unsigned). */
let signer = null;

/** Signs every request from now on with `device` ({id, key}), or with nothing (null). */
export function useDevice(device) {
  signer = device ? new Signer(device) : null;
  return signer;
}

/** The signer in use, or null. */
export function currentSigner() {
  return signer;
}

/** An error answer: `code` for programs, `message` for people, `player` the D-Bus error. */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message ?? `the hub answered ${status}`);
    this.status = status;
    this.code = error?.code ?? "http-" + status;
    this.player = error?.player ?? null;
  }
}

async function request(method, path, body, by = signer, retried = false) {
  const init = { method, credentials: "omit", cache: "no-store", headers: {} };
  let text = "";
  if (body !== undefined) {
    text = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
    init.body = text;
  }
  if (by) init.headers.Authorization = by.authorization(method, path, text);
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, { code: "offline", message: "The hub cannot be reached." });
  }
  // The hub says its time on every answer; a clock far off (a refusal for a stale signature)
  // is caught up with, and the request sent once more with a fresh signature.
  const before = by?.offset ?? 0;
  by?.heard(response.headers.get("X-Remote-Time"));
  if (response.status === 401 && by && !retried && Math.abs(by.offset - before) > 10000) {
    return request(method, path, body, by, true);
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

/**
 * Pairs with the link's code and key: the request is signed with the key, which never leaves
 * the page. Resolves to {device}; the page then signs as device.id with the same key.
 */
export function pair(code, key, name) {
  if (!key) {
    return Promise.reject(
      new ApiError(0, {
        code: "invalid-code",
        message: "The link has no key (it was made by an older remotectl): run remotectl pair again.",
      }));
  }
  let pairing;
  try {
    pairing = new Signer({ id: code, key });
  } catch {
    return Promise.reject(
      new ApiError(0, { code: "invalid-code", message: "The link's key is damaged: run remotectl pair again." }));
  }
  pairing.offset = signer?.offset ?? 0;
  return request("POST", "/api/pair", name ? { name } : {}, pairing);
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

/**
 * `path` with a signature in its query, for what cannot carry headers (an <img>, the lock
 * screen's artwork): good for one fetch.
 */
export function signedURL(path) {
  return signer ? signer.signedURL(path).url : path;
}
