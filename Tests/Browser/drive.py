#!/usr/bin/env python3
"""Drives a real browser for the Swift test suite: headless Chromium through chromium-driver, or
WebKitGTK (Safari's engine) through WebKitWebDriver under a private Xvfb display.

One process is one browser session, kept open for the whole test run: starting a browser costs
a second or two, and the suites ask for hundreds of pages. The Swift side
(Tests/BarFramesTestSupport/BrowserDriver.swift) writes one request a line on standard input —
a JSON list of steps — and reads one JSON line back for each:
{"observations": [...], "console": [...], "error": null or "what failed"}, the page's state at
each "observe" step and the console's errors. This script judges nothing itself. Between two
requests the browser goes back to about:blank. The first line written is {"ready": ENGINE
VERSION} once the browser runs, or {"error": ...} (exit 4) when it cannot start. End of input
quits the browser.

Environment: BARFRAMES_ENGINE (chromium, webkit), BARFRAMES_CHROMIUM, BARFRAMES_CHROMEDRIVER,
BARFRAMES_WEBKITDRIVER, BARFRAMES_MINIBROWSER, BARFRAMES_XVFB, BARFRAMES_COLOR_SCHEME (dark).

Steps:
  {"open": URL}                       navigate (a change of hash alone is a real navigation too)
  {"key": "ArrowRight" | " " | ...}   a real key press sent to the focused page
  {"click": CSS}                      click an element
  {"select": CSS, "value": V}         choose an option of a <select>
  {"sleep": SECONDS}
  {"waitFor": JS_EXPRESSION, "timeout": SECONDS}   until the expression is truthy (fails the request otherwise)
  {"write": PATH, "text": TEXT}       write a file (for live-reload tests)
  {"back": true}                      history back
  {"observe": NAME}                   record the player's state (once its URL names what it shows)
  {"eval": JS, "as": NAME}            record the value of a JS expression
  {"evalAsync": JS, "as": NAME}       record the value the body of an async function returns:
                                      many frames stepped and read back in one round trip
  {"screenshot": PATH}                write a screenshot of the viewport (a PNG) to PATH, once two
                                      screenshots in a row agree
  {"shots": [{"script": JS, "path": PATH}, ...], "element": CSS, "as": NAME}
                                      for each entry, run the body of an async function (it sets
                                      the page up and waits for it to be drawn), then write a
                                      screenshot of the element (CSS pixels from its top left
                                      corner, a PNG; WebKit: the whole viewport) to PATH; records
                                      [{"value": the script's, "box": [x, y, w, h], "whole": viewport?}]
  {"pixels": JS, "as": NAME}          record the colours [r, g, b] the screen shows at the points
                                      [[x, y], ...] (CSS pixels) the expression returns, read from
                                      a real screenshot (what the compositor drew: clipping,
                                      blending and opacity included)
  {"window": [W, H]}                  the browser window's size until the next request (1280 × 900
                                      otherwise): WebKit's screenshots are the whole viewport, so a
                                      small window makes them cheap to take and to read
  {"emulate": {"scale": S, "transparent": true}}   Chromium only: device pixels per CSS pixel and
                                      a transparent page background, until the next request

Console errors: Chromium's log of level SEVERE. WebKitWebDriver has no log, so in WebKit a
listener installed right after each navigation collects uncaught errors and failed loads of
images and scripts from then on (what a page's own script breaks before that shows as a page
that never finishes setting itself up, which the tests wait for).
"""
import base64
import json
import os
import signal
import struct
import subprocess
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

# WebKit: what the page reports from the moment it is opened (no driver log to read).
LISTEN = r"""
if (!window.__barframesErrors) {
  window.__barframesErrors = [];
  window.addEventListener('error', function (e) {
    var t = e.target;
    window.__barframesErrors.push(t && t !== window && (t.src || t.href)
      ? 'failed to load ' + (t.src || t.href) : String(e.message) + ' (' + e.filename + ':' + e.lineno + ')');
  }, true);
  window.addEventListener('unhandledrejection', function (e) { window.__barframesErrors.push('unhandled rejection: ' + e.reason); });
  var error = console.error;
  console.error = function () { window.__barframesErrors.push(Array.prototype.join.call(arguments, ' ')); return error.apply(console, arguments); };
}
"""

ASYNC = "var done = arguments[arguments.length - 1]; (async function () { %s })().then(" \
        "function (v) { done({value: v === undefined ? null : v}); }, " \
        "function (e) { done({thrown: String(e && e.stack || e)}); });"


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


class Fatal(Exception):
    """The browser cannot go on: the Swift side starts another."""


class Browser:
    def __init__(self):
        self.engine = os.environ.get("BARFRAMES_ENGINE", "chromium")
        self.xvfb = None
        self.emulating = False
        self.resized = False
        try:
            from selenium import webdriver  # noqa: F401
        except Exception as error:  # noqa: BLE001
            raise Fatal(f"selenium is not importable: {error}")
        if self.engine == "webkit":
            self.driver = self.start_webkit()
        else:
            self.driver = self.start_chromium()
        self.driver.set_page_load_timeout(30)
        self.driver.set_script_timeout(60)

    def start_chromium(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("BARFRAMES_CHROMIUM", "/usr/bin/chromium")
        # No --allow-file-access-from-files: a page opened from file:// gets exactly the rights it
        # has in a user's browser (its images cannot be read back from a canvas), so the tests see
        # what users see. sRGB without colour management, as our PNGs are.
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1280,900", "--force-device-scale-factor=1", "--hide-scrollbars",
                         "--force-color-profile=srgb", "--no-first-run", "--disable-extensions",
                         # Tests open hundreds of links a second in one page (every frame's).
                         "--disable-ipc-flooding-protection",
                         "--disable-background-networking", "--disable-component-update"]:
            options.add_argument(argument)
        if os.environ.get("BARFRAMES_COLOR_SCHEME") == "dark":
            options.add_argument("--force-dark-mode")
            options.add_argument("--blink-settings=preferredColorScheme=0")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        try:
            return webdriver.Chrome(
                options=options,
                service=Service(executable_path=os.environ.get("BARFRAMES_CHROMEDRIVER", "/usr/bin/chromedriver")))
        except Exception as error:  # noqa: BLE001
            raise Fatal(f"chromium-driver did not start: {error}")

    def start_webkit(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        # MiniBrowser has no headless mode: a private X display, chosen by Xvfb itself.
        read, write = os.pipe()
        try:
            self.xvfb = subprocess.Popen(
                [os.environ.get("BARFRAMES_XVFB", "Xvfb"), "-displayfd", str(write), "-screen", "0", "1400x1000x24",
                 "-nolisten", "tcp"], pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as error:
            raise Fatal(f"Xvfb did not start: {error}")
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise Fatal("Xvfb did not start: it named no display")
            number += chunk
        os.close(read)
        os.environ["DISPLAY"] = ":" + number.decode().strip()
        options = Options()
        options.binary_location = os.environ.get(
            "BARFRAMES_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
        options.add_argument("--automation")
        try:
            driver = webdriver.WebKitGTK(
                executable_path=os.environ.get("BARFRAMES_WEBKITDRIVER", "/usr/bin/WebKitWebDriver"), options=options)
        except Exception as error:  # noqa: BLE001
            raise Fatal(f"WebKitWebDriver did not start: {error}")
        driver.set_window_rect(0, 0, 1280, 900)
        return driver

    def version(self):
        capabilities = self.driver.capabilities
        return f"{capabilities.get('browserName')} {capabilities.get('browserVersion')}"

    def quit(self):
        """Closes the browser, its driver and Xvfb, within a few seconds whatever they do:
        WebKitWebDriver can outlive its session (left running, it kept its Xvfb alive too)."""
        import threading
        closing = threading.Thread(target=self.close_driver, daemon=True)
        closing.start()
        closing.join(10)
        service = getattr(self.driver, "service", None)
        process = getattr(service, "process", None)
        for child in [process, self.xvfb]:
            if child is None or child.poll() is not None:
                continue
            child.terminate()
            try:
                child.wait(3)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    def close_driver(self):
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001
            pass

    def drain_console(self, console):
        if self.engine == "webkit":
            try:
                for message in self.driver.execute_script(
                        "var e = window.__barframesErrors || []; window.__barframesErrors = []; return e;") or []:
                    console.append({"level": "SEVERE", "message": message})
            except Exception:  # noqa: BLE001
                pass
            return
        for entry in self.driver.get_log("browser"):
            console.append({"level": entry.get("level"), "message": entry.get("message")})

    def listen(self):
        if self.engine == "webkit":
            self.driver.execute_script(LISTEN)

    def evaluate_async(self, body):
        result = self.driver.execute_async_script(ASYNC % body)
        if isinstance(result, dict) and "thrown" in result:
            raise RuntimeError(f"the page's script threw: {result['thrown']}")
        return result.get("value") if isinstance(result, dict) else result

    def element_png(self, css):
        """A PNG of the element and its box [x, y, width, height] in CSS pixels. Chromium cuts the
        box from the compositor's frame (device pixels follow the emulated scale). WebKitGTK's
        element screenshots come out black under Xvfb, so there the PNG is the whole viewport
        and the box says where the element is in it."""
        box = self.driver.execute_script(
            "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height];", css)
        if self.engine == "chromium":
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "clip": {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}})
            return base64.b64decode(shot["data"]), box
        return self.driver.get_screenshot_as_png(), box

    def settle(self):
        """Waits (up to 2 s) until the paused player's URL names what it shows: it writes a
        replaced hash at most every 250 ms."""
        deadline = time.time() + 2
        while self.driver.execute_script(
                "var p = window.barframesPlayer;"
                " return !!(p && p.link && !p.state.playing && location.hash !== p.link());"):
            if time.time() > deadline:
                break
            time.sleep(0.02)

    def emulate(self, settings):
        if self.engine != "chromium":
            raise RuntimeError("emulate is Chromium's")
        scale = settings.get("scale", 1)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 900, "deviceScaleFactor": scale, "mobile": False})
        if settings.get("transparent"):
            self.driver.execute_cdp_cmd(
                "Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
        self.emulating = True

    def reset(self):
        if self.resized:
            self.driver.set_window_rect(0, 0, 1280, 900)
            self.resized = False
        if self.emulating:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            self.driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {})
            self.emulating = False
        self.driver.get("about:blank")
        try:
            self.drain_console([])
        except Exception:  # noqa: BLE001
            pass

    def run(self, steps):
        from selenium.common.exceptions import InvalidSessionIdException, NoSuchWindowException
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select
        driver = self.driver
        observations, console = [], []
        error = None
        try:
            for number, step in enumerate(steps):
                if "open" in step:
                    driver.get(step["open"])
                    self.listen()
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
                        time.sleep(0.02)
                elif "write" in step:
                    with open(step["write"] + ".tmp", "w", encoding="utf-8") as handle:
                        handle.write(step["text"])
                    os.replace(step["write"] + ".tmp", step["write"])
                elif "back" in step:
                    driver.back()
                    self.listen()
                elif "observe" in step:
                    self.settle()
                    value = driver.execute_script(OBSERVE)
                    value["name"] = step["observe"]
                    observations.append(value)
                elif "pixels" in step:
                    points = [(int(round(x)), int(round(y)))
                              for x, y in driver.execute_script("return (" + step["pixels"] + ")")]
                    # Chromium: only the points' bounding box, from the compositor's frame (decoding
                    # a whole 1280 × 900 screenshot here takes about a second).
                    left = min((x for x, _ in points), default=0)
                    top = min((y for _, y in points), default=0)
                    if self.engine == "chromium" and points and left >= 0 and top >= 0:
                        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                            "format": "png", "clip": {
                                "x": left, "y": top, "width": max(x for x, _ in points) - left + 1,
                                "height": max(y for _, y in points) - top + 1, "scale": 1}})
                        png = base64.b64decode(shot["data"])
                    else:
                        left, top, png = 0, 0, driver.get_screenshot_as_png()
                    width, height, channels, rows = decode_png(png)
                    colours = []
                    for x, y in points:
                        if not (0 <= x - left < width and 0 <= y - top < height):
                            raise RuntimeError(f"step {number}: point {x},{y} is outside the {width}×{height} screenshot")
                        colours.append(list(rows[y - top][(x - left) * channels:(x - left) * channels + 3]))
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
                elif "shots" in step:
                    values = []
                    for shot in step["shots"]:
                        value = self.evaluate_async(shot["script"])
                        png, box = self.element_png(step["element"])
                        with open(shot["path"], "wb") as handle:
                            handle.write(png)
                        values.append({"value": value, "box": box, "whole": self.engine != "chromium"})
                    observations.append({"name": step.get("as", "shots"), "value": values})
                elif "eval" in step:
                    self.settle()
                    observations.append({"name": step["as"], "value": driver.execute_script("return (" + step["eval"] + ")")})
                elif "evalAsync" in step:
                    observations.append({"name": step["as"], "value": self.evaluate_async(step["evalAsync"])})
                elif "emulate" in step:
                    self.emulate(step["emulate"])
                elif "window" in step:
                    width, height = step["window"]
                    driver.set_window_rect(0, 0, width, height)
                    self.resized = True
                else:
                    raise RuntimeError(f"step {number}: unknown step {step}")
                self.drain_console(console)
        except (InvalidSessionIdException, NoSuchWindowException) as failure:
            raise Fatal(f"the browser went away: {failure}")
        except Exception as failure:  # noqa: BLE001
            error = f"{type(failure).__name__}: {failure}"
        try:
            self.drain_console(console)
        except Exception:  # noqa: BLE001
            pass
        return {"observations": observations, "console": console, "error": error}


def reply(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def main():
    # SIGTERM (a request that timed out) still closes the browser and its driver.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3))
    try:
        browser = Browser()
    except Fatal as error:
        reply({"error": str(error)})
        return 4
    try:
        reply({"ready": browser.version()})
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                result = browser.run(json.loads(line))
                browser.reset()
            except Fatal as error:
                reply({"observations": [], "console": [], "error": str(error), "fatal": True})
                return 3
            except Exception as error:  # noqa: BLE001
                reply({"observations": [], "console": [], "error": f"{type(error).__name__}: {error}", "fatal": True})
                return 3
            reply(result)
    finally:
        browser.quit()
        sys.stdout.flush()
        # A driver thread still waiting on a process that was killed must not keep this one alive.
        os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
