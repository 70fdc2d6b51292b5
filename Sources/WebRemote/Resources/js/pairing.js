// The pairing code `remotectl pair` puts in the URL's fragment (`#pair=7KQ4-MZ2D`): read once,
// then removed from the address bar and the history entry, so it is not bookmarked, shared or
// shown again. It never reaches a server log: fragments are not sent in requests.

/** The code in `hash` (`#pair=CODE`), or null. */
export function pairingCode(hash) {
  const fragment = (hash ?? "").replace(/^#/, "");
  const value = new URLSearchParams(fragment).get("pair");
  const code = value?.trim();
  return code ? code : null;
}

/** Takes the code out of the page's URL: returns it, and leaves the address without it. */
export function takePairingCode(location = window.location, history = window.history) {
  const code = pairingCode(location.hash);
  if (location.hash) {
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  return code;
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
