# browser_connection.py ENDPOINT ORIGIN APP_ID: a browser's connection to the bridge, as Python's
# websockets makes it with an Origin header (BadInputTests.browser); prints every message it
# receives, then `closed`.
import asyncio
import json
import sys

import websockets


async def main():
    async with websockets.connect(sys.argv[1], origin=sys.argv[2]) as ws:
        try:
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.send(json.dumps({"type": "register", "player": "main", "appId": sys.argv[3], "identity": "B"}))
        except websockets.ConnectionClosed:
            pass  # a refused browser may be closed before it has sent everything
        try:
            async for text in ws:
                print(text, flush=True)
        except websockets.ConnectionClosed:
            pass
    print("closed", flush=True)
asyncio.run(main())
