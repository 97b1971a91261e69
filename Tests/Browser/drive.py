#!/usr/bin/env python3
"""Drives headless Chromium through chromium-driver for the Swift test suite.

Reads a list of steps (JSON) on standard input and prints one JSON object on standard output:
{"observations": [...], "console": [...]} — the page's state at each "observe" step and the
browser's console messages of level SEVERE (errors). The Swift tests assert on those values;
this script judges nothing itself.

Steps:
  {"open": URL}                       navigate (a change of hash alone is a real navigation too)
  {"key": "ArrowRight" | " " | ...}   a real key press sent to the focused page
  {"click": CSS}                      click an element
  {"select": CSS, "value": V}         choose an option of a <select>
  {"sleep": SECONDS}
  {"waitFor": JS_EXPRESSION, "timeout": SECONDS}   until the expression is truthy (fails the run otherwise)
  {"write": PATH, "text": TEXT}       write a file (for live-reload tests)
  {"back": true}                      history back
  {"observe": NAME}                   record the player's state
  {"eval": JS, "as": NAME}            record the value of a JS expression
  {"screenshot": PATH}                write a screenshot of the viewport (a PNG) to PATH, once two
                                      screenshots in a row agree
  {"pixels": JS, "as": NAME}          record the colours [r, g, b] the screen shows at the points
                                      [[x, y], ...] (CSS pixels) the expression returns, read from
                                      a real screenshot (what the compositor drew: clipping,
                                      blending and opacity included)

Exit status: 0 when every step ran, 3 when a step failed (its message on stderr), 4 when
Selenium or chromium-driver cannot start.
"""
import json
import os
import struct
import sys
import time
import zlib

OBSERVE = r"""
const $ = (id) => document.getElementById(id);
const p = window.barframesPlayer;
const a = $('frameA');
const resources = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.png(\?|$)/.test(n));
return {
  hash: location.hash,
  scene: document.documentElement.dataset.scene || null,
  position: p ? p.state.pos : null,
  playing: p ? p.state.playing : null,
  src: a ? a.getAttribute('src') : null,
  displayedLoaded: a ? (a.complete && a.naturalWidth > 0) : false,
  naturalWidth: a ? a.naturalWidth : 0,
  cssWidth: a ? a.getBoundingClientRect().width : 0,
  pixelated: a ? a.classList.contains('pixelated') : false,
  stageClass: $('stageA') ? $('stageA').className : null,
  stageBackground: $('stageA') ? getComputedStyle($('stageA')).backgroundColor : null,
  stagePadding: $('stageA') ? getComputedStyle($('stageA')).paddingTop : null,
  scrub: $('scrub') ? +$('scrub').value : null,
  clock: $('clock') ? $('clock').textContent : null,
  speed: p ? p.state.speed : null,
  requested: p ? p.requested().length : null,
  pngResources: resources.length,
  markers: Array.from(document.querySelectorAll('.marker')).map((m) => ({text: m.textContent, time: +m.dataset.time, left: m.style.left})),
  error: $('error') && !$('error').hidden ? $('error').textContent : null,
  compareVisible: $('viewB') ? !$('viewB').hidden : false,
  overlayVisible: $('overlay') ? !$('overlay').hidden : false,
  overlayClass: $('overlay') ? $('overlay').className : null,
  overlaySrc: $('overlay') ? $('overlay').getAttribute('src') : null,
  frameBSrc: $('frameB') ? $('frameB').getAttribute('src') : null,
  bodyBackground: getComputedStyle(document.body).backgroundColor,
  marker: window.__barframesMarker || null,
};
"""


def decode_png(data):
    """(width, height, channels, rows) of an 8-bit, non-interlaced RGB or RGBA PNG (a
    screenshot), without third-party modules."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise RuntimeError("the screenshot is not a PNG")
    position, idat = 8, b""
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise RuntimeError(f"unexpected screenshot format: depth {depth}, colour type {color}")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    steps = json.load(sys.stdin)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select
    except Exception as error:  # noqa: BLE001
        print(f"selenium is not importable: {error}", file=sys.stderr)
        return 4
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("BARFRAMES_CHROMIUM", "/usr/bin/chromium")
    # No --allow-file-access-from-files: a page opened from file:// gets exactly the rights it
    # has in a user's browser (its images cannot be read back from a canvas), so the tests see
    # what users see.
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--force-device-scale-factor=1",
                     "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update"]:
        options.add_argument(argument)
    if os.environ.get("BARFRAMES_COLOR_SCHEME") == "dark":
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(
            options=options,
            service=Service(executable_path=os.environ.get("BARFRAMES_CHROMEDRIVER", "/usr/bin/chromedriver")))
    except Exception as error:  # noqa: BLE001
        print(f"chromium-driver did not start: {error}", file=sys.stderr)
        return 4
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    observations = []
    console = []

    def drain_console():
        for entry in driver.get_log("browser"):
            console.append({"level": entry.get("level"), "message": entry.get("message")})

    status = 0
    try:
        for number, step in enumerate(steps):
            if "open" in step:
                driver.get(step["open"])
            elif "key" in step:
                ActionChains(driver).send_keys(step["key"]).perform()
            elif "click" in step:
                driver.find_element(By.CSS_SELECTOR, step["click"]).click()
            elif "select" in step:
                Select(driver.find_element(By.CSS_SELECTOR, step["select"])).select_by_value(step["value"])
            elif "sleep" in step:
                time.sleep(step["sleep"])
            elif "waitFor" in step:
                deadline = time.time() + step.get("timeout", 10)
                while not driver.execute_script("return !!(" + step["waitFor"] + ")"):
                    if time.time() > deadline:
                        raise RuntimeError(f"step {number}: timed out waiting for {step['waitFor']}")
                    time.sleep(0.05)
            elif "write" in step:
                with open(step["write"] + ".tmp", "w", encoding="utf-8") as handle:
                    handle.write(step["text"])
                os.replace(step["write"] + ".tmp", step["write"])
            elif "back" in step:
                driver.back()
            elif "observe" in step:
                value = driver.execute_script(OBSERVE)
                value["name"] = step["observe"]
                observations.append(value)
            elif "pixels" in step:
                points = driver.execute_script("return (" + step["pixels"] + ")")
                width, height, channels, rows = decode_png(driver.get_screenshot_as_png())
                colours = []
                for x, y in points:
                    x, y = int(round(x)), int(round(y))
                    if not (0 <= x < width and 0 <= y < height):
                        raise RuntimeError(f"step {number}: point {x},{y} is outside the {width}×{height} screenshot")
                    colours.append(list(rows[y][x * channels:x * channels + 3]))
                observations.append({"name": step["as"], "value": colours})
            elif "screenshot" in step:
                # A page that just loaded may still be rasterizing: wait until two screenshots agree.
                shot = driver.get_screenshot_as_png()
                for _ in range(20):
                    time.sleep(0.05)
                    again = driver.get_screenshot_as_png()
                    if again == shot:
                        break
                    shot = again
                with open(step["screenshot"], "wb") as handle:
                    handle.write(shot)
            elif "eval" in step:
                observations.append({"name": step["as"], "value": driver.execute_script("return (" + step["eval"] + ")")})
            else:
                raise RuntimeError(f"step {number}: unknown step {step}")
            drain_console()
    except Exception as error:  # noqa: BLE001
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        status = 3
    finally:
        try:
            drain_console()
        except Exception:  # noqa: BLE001
            pass
        driver.quit()
    json.dump({"observations": observations, "console": console}, sys.stdout)
    return status


if __name__ == "__main__":
    sys.exit(main())
