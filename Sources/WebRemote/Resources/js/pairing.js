// The pairing link `remotectl pair` prints: `#pair=7KQ4-MZ2D&key=…`, in the URL's fragment,
// which a browser never sends. The code names the pairing; the key (32 random bytes, base64url)
// is the device's secret from then on: the page signs with it and never sends it. Both are read
// once, then removed from the address bar and the history entry, so they are not bookmarked,
// shared or shown again.

/** The link in `hash` (`#pair=CODE&key=KEY`): {code, key}, or null when there is no code. */
export function pairingLink(hash) {
  const fragment = new URLSearchParams((hash ?? "").replace(/^#/, ""));
  const code = fragment.get("pair")?.trim();
  if (!code) return null;
  return { code, key: fragment.get("key")?.trim() || null };
}

/** Takes the link out of the page's URL: returns it, and leaves the address without it. */
export function takePairingLink(location = window.location, history = window.history) {
  const link = pairingLink(location.hash);
  if (location.hash) {
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  return link;
}

/** A name for this device the user would recognise in `remotectl devices`. */
export function deviceName(userAgentData = navigator.userAgentData, userAgent = navigator.userAgent) {
  const platform = userAgentData?.platform || platformFrom(userAgent);
  const brand = browserFrom(userAgentData, userAgent);
  const name = [brand, platform].filter(Boolean).join(" on ");
  return name ? name.slice(0, 64) : null;
}

function platformFrom(ua) {
  if (/Android/i.test(ua)) return "Android";
  if (/iPhone|iPad|iPod/i.test(ua)) return "iOS";
  if (/Mac OS X/i.test(ua)) return "macOS";
  if (/Windows/i.test(ua)) return "Windows";
  if (/CrOS/i.test(ua)) return "ChromeOS";
  if (/Linux/i.test(ua)) return "Linux";
  return null;
}

function browserFrom(data, ua) {
  const brands = (data?.brands ?? []).map((b) => b.brand);
  for (const known of ["Microsoft Edge", "Opera", "Google Chrome", "Chromium"]) {
    if (brands.includes(known)) return known.replace("Google ", "");
  }
  if (/Firefox\//.test(ua)) return "Firefox";
  if (/Edg\//.test(ua)) return "Edge";
  if (/Chrome\//.test(ua)) return "Chrome";
  if (/Safari\//.test(ua)) return "Safari";
  return null;
}
