#!/usr/bin/env python3
"""What an attacker on the LAN can do with a packet capture of the web remote, for LANCaptureTests.

    lan_capture.py check PCAP HOST PORT DEVICE_ID KEY

reads PCAP (tcpdump -w, Ethernet) of the traffic to HOST:PORT and prints one JSON object:

- "secretFound": whether the device key appears anywhere in the capture (as base64url, as
  hexadecimal or as its raw bytes, in the file and in the reassembled streams);
- "requests": every captured request under /api/ replayed verbatim on a new connection, with
  the status the hub answered (an upgrade too);
- "frames": every captured client text frame (WebSocket messages, masked as sent) replayed
  verbatim on a fresh socket the script opens with a signature of its own, with the hub's answer;
- "controls": the same requests and messages freshly signed, which must be accepted (so that the
  refusals above mean something); a forged signature, one 90 s old, one 90 s ahead (a minute
  out of the 30 s window, so that a slow delivery cannot bring it back in), and the key sent as a
  bearer, which must be refused.

    lan_capture.py origin HOST PORT DEVICE_ID KEY ORIGIN

prints the status of a freshly signed GET /api/players that carries Origin: ORIGIN.

    lan_capture.py count PCAP PORT

prints {"frames": N}: how many client frames PCAP holds so far, while tcpdump still writes it.

It talks to HOST only: the address inside the network namespace the test made.
"""
import base64
import hashlib
import hmac
import json
import os
import socket
import struct
import sys
import time

SCHEME = "remotectld-signature-1"


def now_ms():
    return int(time.time() * 1000)


def signature(device, key, method, target, body=b"", at=None, nonce=None):
    at = now_ms() if at is None else at
    nonce = nonce or os.urandom(16).hex()
    text = "\n".join([SCHEME, method, target, str(at), nonce, hashlib.sha256(body).hexdigest()])
    mac = hmac.new(key, text.encode(), hashlib.sha256).hexdigest()
    return f"{device}.{at}.{nonce}.{mac}", nonce


# MARK: - The capture


def packets(path):
    with open(path, "rb") as f:
        data = f.read()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    if linktype != 1:
        raise SystemExit(f"link type {linktype}: only Ethernet captures are read")
    offset = 24
    while offset + 16 <= len(data):
        _, _, caplen, _ = struct.unpack(endian + "IIII", data[offset : offset + 16])
        frame = data[offset + 16 : offset + 16 + caplen]
        offset += 16 + caplen
        if len(frame) < 14 or frame[12:14] != b"\x08\x00":
            continue
        ip = frame[14:]
        header = (ip[0] & 0x0F) * 4
        if ip[9] != 6:
            continue
        total = struct.unpack("!H", ip[2:4])[0]
        tcp = ip[header:total]
        sport, dport, seq = struct.unpack("!HHI", tcp[:8])
        payload = tcp[(tcp[12] >> 4) * 4 :]
        yield (socket.inet_ntoa(ip[12:16]), sport, socket.inet_ntoa(ip[16:20]), dport), seq, payload


def streams(path, port):
    """Each connection's bytes to the hub and from it, reassembled by sequence number."""
    segments = {}
    for key, seq, payload in packets(path):
        if payload and port in (key[1], key[3]):
            segments.setdefault(key, {})[seq] = payload
    out = {}
    for key, parts in segments.items():
        data = b""
        start = min(parts)
        for seq in sorted(parts):
            relative = (seq - start) % (1 << 32)
            if relative + len(parts[seq]) > len(data):
                data = data[:relative] + parts[seq]
        client = key[1] if key[3] == port else key[3]
        direction = "up" if key[3] == port else "down"
        out.setdefault(client, {})[direction] = data
    return out


def split_requests(data):
    """The HTTP requests of a client stream, and the WebSocket frames after an upgrade."""
    requests, frames = [], []
    while data:
        end = data.find(b"\r\n\r\n")
        if end < 0:
            break
        head = data[: end + 4]
        lines = head.decode("latin-1").split("\r\n")
        fields = {line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
        length = int(fields.get("content-length", "0"))
        requests.append(data[: end + 4 + length])
        data = data[end + 4 + length :]
        if fields.get("upgrade", "").lower() == "websocket":
            frames = split_frames(data)
            break
    return requests, frames


def split_frames(data):
    frames = []
    while len(data) >= 2:
        length = data[1] & 0x7F
        offset = 2
        if length == 126:
            length, offset = struct.unpack("!H", data[2:4])[0], 4
        elif length == 127:
            length, offset = struct.unpack("!Q", data[2:10])[0], 10
        if data[1] & 0x80:
            offset += 4
        if len(data) < offset + length:
            break
        if data[0] & 0x0F in (1, 2):
            frames.append(data[: offset + length])
        data = data[offset + length :]
    return frames


# MARK: - Talking to the hub


def exchange(host, port, raw):
    """Sends `raw` on a new connection; the status the hub answers."""
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(raw)
        answer = b""
        while b"\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def request(host, port, method, target, auth=None, origin=None, body=b""):
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    if auth:
        lines.append(f"Authorization: {auth}")
    if origin:
        lines.append(f"Origin: {origin}")
    if body:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return exchange(host, port, ("\r\n".join(lines) + "\r\n\r\n").encode() + body)


class Socket:
    """A WebSocket to /api/events opened with a fresh signature."""

    def __init__(self, host, port, device, key):
        value, nonce = signature(device, key, "GET", "/api/events")
        self.key = hmac.new(key, f"remotectld-socket-1\n{nonce}".encode(), hashlib.sha256).digest()
        self.seq = 0
        self.s = socket.create_connection((host, port), timeout=10)
        self.s.sendall(
            (
                f"GET /api/events?auth={value} HTTP/1.1\r\nHost: {host}:{port}\r\nOrigin: http://{host}:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.s.recv(4096)
            if not chunk:
                raise SystemExit("the hub closed the fresh socket's upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise SystemExit(f"the fresh upgrade was refused: {head[:200]!r}")

    def message(self):
        """The next text message's JSON (pings answered by nothing: the hub pings every 30 s)."""
        while True:
            while len(self.buffer) < 2 or len(self.buffer) < self._frame_length():
                chunk = self.s.recv(65536)
                if not chunk:
                    raise SystemExit("the hub closed the fresh socket")
                self.buffer += chunk
            total = self._frame_length()
            frame, self.buffer = self.buffer[:total], self.buffer[total:]
            header = 2 + {126: 2, 127: 8}.get(frame[1] & 0x7F, 0)
            if frame[0] & 0x0F == 1:
                return json.loads(frame[header:])

    def _frame_length(self):
        length = self.buffer[1] & 0x7F
        if length == 126:
            return 4 + struct.unpack("!H", self.buffer[2:4])[0] if len(self.buffer) >= 4 else 1 << 30
        if length == 127:
            return 10 + struct.unpack("!Q", self.buffer[2:10])[0] if len(self.buffer) >= 10 else 1 << 30
        return 2 + length

    def send_raw(self, frame):
        self.s.sendall(frame)

    def send_signed(self, message):
        self.seq += 1
        signed = json.dumps(message)
        mac = hmac.new(self.key, f"{self.seq}\n{signed}".encode(), hashlib.sha256).hexdigest()
        payload = json.dumps({"seq": self.seq, "signed": signed, "mac": mac}).encode()
        mask = os.urandom(4)
        header = bytes([0x81]) + (bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0xFE]) + struct.pack("!H", len(payload)))
        self.s.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def answer(self):
        """The next ack or error (changes and snapshots skipped)."""
        while True:
            message = self.message()
            if message.get("type") in ("ack", "error", "snapshot"):
                return message


def count(path, port):
    """Prints how many client frames PCAP holds so far: 0 while tcpdump has written none, or
    is halfway through writing a packet (a record cut short cannot be read yet)."""
    try:
        frames = sum(len(split_requests(c.get("up", b""))[1]) for c in streams(path, port).values())
    except (struct.error, IndexError, ValueError, OSError):
        frames = 0
    print(json.dumps({"frames": frames}))


def check(path, host, port, device, key_text):
    key = base64.urlsafe_b64decode(key_text + "=" * (-len(key_text) % 4))
    with open(path, "rb") as f:
        raw = f.read()
    captured = streams(path, port)
    everything = raw + b"".join(d.get("up", b"") + d.get("down", b"") for d in captured.values())
    secrets = [key_text.encode(), key.hex().encode(), key, base64.b64encode(key).rstrip(b"=")]
    result = {"secretFound": any(s in everything for s in secrets), "connections": len(captured), "requests": [], "frames": []}

    frames = []
    for client in sorted(captured):
        requests, client_frames = split_requests(captured[client].get("up", b""))
        frames += client_frames
        for raw_request in requests:
            line = raw_request.split(b"\r\n", 1)[0].decode("latin-1")
            if " /api/" not in line:
                continue  # the page's own files: public, no authority to replay
            result["requests"].append({"request": line.rsplit(" ", 1)[0][:120], "status": exchange(host, port, raw_request)})

    fresh = Socket(host, port, device, key)
    first = fresh.message()
    for frame in frames:
        fresh.send_raw(frame)
        answer = fresh.answer()
        result["frames"].append({"type": answer.get("type"), "ok": answer.get("ok"), "code": (answer.get("error") or {}).get("code")})
    fresh.send_signed({"type": "resync"})
    resync = fresh.answer()
    fresh.s.close()

    stranger = os.urandom(32)
    result["controls"] = {
        "firstMessage": first.get("type"),
        "signedResync": resync.get("type"),
        "signed": request(host, port, "GET", "/api/players", "RemoteHMAC " + signature(device, key, "GET", "/api/players")[0]),
        "forged": request(host, port, "GET", "/api/players", "RemoteHMAC " + signature(device, stranger, "GET", "/api/players")[0]),
        "stale": request(host, port, "GET", "/api/players", "RemoteHMAC " + signature(device, key, "GET", "/api/players", at=now_ms() - 90_000)[0]),
        "ahead": request(host, port, "GET", "/api/players", "RemoteHMAC " + signature(device, key, "GET", "/api/players", at=now_ms() + 90_000)[0]),
        "bearer": request(host, port, "GET", "/api/players", "Bearer " + key_text),
    }
    print(json.dumps(result))


def origin(host, port, device, key_text, value):
    key = base64.urlsafe_b64decode(key_text + "=" * (-len(key_text) % 4))
    auth = "RemoteHMAC " + signature(device, key, "GET", "/api/players")[0]
    print(json.dumps({"status": request(host, port, "GET", "/api/players", auth, origin=value)}))


if __name__ == "__main__":
    if sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6])
    elif sys.argv[1] == "count":
        count(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "origin":
        origin(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6])
    else:
        raise SystemExit(__doc__)
