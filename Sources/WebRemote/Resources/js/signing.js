// How the page proves it is a paired device without ever sending its key
// (docs/web-remote-api.md, "Signed requests"). Every request carries
//   Authorization: RemoteHMAC ID.TIME.NONCE.SIGNATURE
// (a WebSocket upgrade, which cannot carry headers, the same value as `?auth=`), where
// SIGNATURE is HMAC-SHA-256, with the device key, of the method, the path, the time, the nonce
// and the body's SHA-256. The hub refuses a time more than 30 s from its own and a nonce it
// has seen. Messages on the socket are signed with a key of that connection alone.
//
// No DOM here: the clock and the randomness are passed in, so the module can be tested.

import { fromBase64URL, hex, hmacSHA256, sha256 } from "./hmac.js";

/** The first line of every signed text: the scheme's version. */
export const SCHEME = "remotectld-signature-1";
/** The first line of the text a connection's key is made from. */
export const SOCKET_SCHEME = "remotectld-socket-1";
/** Where the page keeps its device id and key. */
export const STORAGE_KEY = "remotectl.device";

/** The text a request's signature covers. */
export function canonicalRequest(method, target, time, nonce, body) {
  return [SCHEME, method.toUpperCase(), target, String(time), nonce, hex(sha256(body ?? ""))].join("\n");
}

/** 16 random bytes in hexadecimal: a nonce. `crypto.getRandomValues` works without HTTPS. */
export function randomNonce(random = (array) => crypto.getRandomValues(array)) {
  return hex(random(new Uint8Array(16)));
}

/** A paired device's credentials: its id and key, and the hub's clock as the page estimates it. */
export class Signer {
  /**
   * @param {object} options
   *   id: the device id (or, while pairing, the pairing code); key: the key, base64url;
   *   now(): the page's clock in ms since the epoch; nonce(): a fresh nonce.
   */
  constructor({ id, key, now = () => Date.now(), nonce = () => randomNonce() }) {
    this.id = id;
    this.key = fromBase64URL(key ?? "");
    if (!id || !this.key || this.key.length < 16) throw new Error("not a device id and key");
    this.now = now;
    this.nonce = nonce;
    this.offset = 0; // the hub's clock minus the page's, in ms
  }

  /** The hub's time now, as the page estimates it. */
  time() {
    return Math.round(this.now() + this.offset);
  }

  /** The `RemoteHMAC` value for a request; `nonce` is returned too (a socket's key needs it). */
  sign(method, target, body) {
    const time = this.time();
    const nonce = this.nonce();
    const signature = hex(hmacSHA256(this.key, canonicalRequest(method, target, time, nonce, body)));
    return { value: `${this.id}.${time}.${nonce}.${signature}`, nonce };
  }

  /** The `Authorization` header's value for a request. */
  authorization(method, target, body) {
    return "RemoteHMAC " + this.sign(method, target, body).value;
  }

  /** `target` with a signature in its query (`auth=`), for a GET that cannot carry headers. */
  signedURL(target) {
    const { value, nonce } = this.sign("GET", target, "");
    return { url: target + (target.includes("?") ? "&" : "?") + "auth=" + value, nonce };
  }

  /** The hub said its time (`X-Remote-Time`): keeps the offset, so later signatures are in time. */
  heard(hubTime) {
    const time = Number(hubTime);
    if (Number.isFinite(time) && time > 0) this.offset = time - this.now();
  }

  /** The key of the socket whose upgrade carried `nonce`. */
  socketKey(nonce) {
    return hmacSHA256(this.key, `${SOCKET_SCHEME}\n${nonce}`);
  }
}

/**
 * Signs the messages of one socket: each is sent as
 * {"seq": N, "signed": "<the message's JSON>", "mac": HMAC(socket key, N + "\n" + signed)},
 * N counting up from 1, so that no frame can be sent again on this socket or on another.
 */
export class FrameSigner {
  constructor(socketKey) {
    this.key = socketKey;
    this.seq = 0;
  }

  /** The frame's text for `message` (an object). */
  frame(message) {
    this.seq += 1;
    const signed = JSON.stringify(message);
    const mac = hex(hmacSHA256(this.key, `${this.seq}\n${signed}`));
    return JSON.stringify({ seq: this.seq, signed, mac });
  }
}

/** The device kept in `storage` ({id, key}), or null. */
export function storedDevice(storage) {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null");
    return value && typeof value.id === "string" && typeof value.key === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the device in `storage` (null: forgets it). */
export function storeDevice(storage, device) {
  try {
    if (device) storage?.setItem(STORAGE_KEY, JSON.stringify({ id: device.id, key: device.key }));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled or full: the page works until it is closed.
  }
}
