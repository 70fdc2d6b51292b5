# pair_device.py LINK: pairs a device with the web remote as the page does (the link's key signs
# the request, and is the device's from then on) and prints the device's id (footprint.sh,
# webremote.sh).
import base64, hashlib, hmac, json, os, sys, time, urllib.parse, urllib.request
url = urllib.parse.urlsplit(sys.argv[1])
fragment = dict(urllib.parse.parse_qsl(url.fragment))
key = base64.urlsafe_b64decode(fragment["key"] + "=" * (-len(fragment["key"]) % 4))
body, at, nonce = b'{"name": "bench"}', int(time.time() * 1000), os.urandom(16).hex()
text = "\n".join(["remotectld-signature-1", "POST", "/api/pair", str(at), nonce, hashlib.sha256(body).hexdigest()])
mac = hmac.new(key, text.encode(), hashlib.sha256).hexdigest()
request = urllib.request.Request(
    f"{url.scheme}://{url.netloc}/api/pair", data=body, method="POST",
    headers={"Content-Type": "application/json", "Authorization": f"RemoteHMAC {fragment['pair']}.{at}.{nonce}.{mac}"})
print(json.load(urllib.request.urlopen(request, timeout=10))["device"]["id"])
