"""Drives one headless Chromium for a Swift test, one JSON command per line on standard input.

Each command is an object with "op" and its arguments; each answer is one line on standard
output: {"ok": true, "value": ...} or {"ok": false, "error": "..."}. The first line is
{"ok": true, "value": "ready"} once the browser runs. Standard error carries selenium's and
Chromium's own complaints, for the test's failure messages.

The arguments are the viewport's width, height and scale, then Chromium's own arguments: the
Swift side (Browser.swift) gives the profile folder (--user-data-dir) and TMPDIR, in a temporary
folder of its own that it removes when the browser closes.
"""

import base64
import json
import sys

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

# The elements that can carry an accessible name a person would press or read.
NAMED = "button, input, select, textarea, a, [role], [aria-label], img, progress, output, h1, h2"


def start(width, height, scale, extra):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--no-first-run", "--no-default-browser-check",
                     "--window-size=%d,%d" % (width, height)] + extra:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 600})
    return driver


def described(element):
    return {"tag": element.tag_name, "name": element.accessible_name, "role": element.aria_role,
            "enabled": element.is_enabled(), "displayed": element.is_displayed(),
            "text": element.text, "pressed": element.get_attribute("aria-pressed"),
            "disabled": element.get_attribute("disabled") is not None
            or element.get_attribute("aria-disabled") == "true"}


def named(driver, name):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, NAMED) if e.accessible_name == name]


def perform(driver, command):
    op = command["op"]
    if op == "open":
        driver.get(command["url"])
        return driver.current_url
    if op == "script":
        return driver.execute_script(command["source"], *command.get("args", []))
    if op == "asyncScript":
        return driver.execute_async_script(command["source"], *command.get("args", []))
    if op == "named":
        return [described(e) for e in named(driver, command["name"])]
    if op == "clickNamed":
        found = [e for e in named(driver, command["name"]) if e.is_displayed()]
        if not found:
            raise LookupError("no visible element is named %r" % command["name"])
        found[0].click()
        return described(found[0])
    if op == "click":
        element = driver.find_element(By.CSS_SELECTOR, command["css"])
        element.click()
        return described(element)
    if op == "screenshot":
        data = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
        with open(command["path"], "wb") as file:
            file.write(base64.b64decode(data))
        return command["path"]
    if op == "viewport":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": command["width"], "height": command["height"],
            "deviceScaleFactor": command.get("scale", 1), "mobile": command["width"] < 600})
        return None
    if op == "colorScheme":
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": command["scheme"]}]})
        return None
    if op == "cdp":
        return driver.execute_cdp_cmd(command["method"], command.get("params", {}))
    if op == "logs":
        return [entry["message"] for entry in driver.get_log("browser")]
    raise ValueError("unknown op %r" % op)


def main():
    width, height, scale = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    driver = start(width, height, scale, sys.argv[4:])
    answer = lambda reply: print(json.dumps(reply), flush=True)
    answer({"ok": True, "value": "ready"})
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            command = json.loads(line)
            if command["op"] == "quit":
                break
            try:
                answer({"ok": True, "value": perform(driver, command)})
            except (WebDriverException, LookupError, ValueError, KeyError, OSError) as error:
                answer({"ok": False, "error": "%s: %s" % (type(error).__name__, error)})
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
