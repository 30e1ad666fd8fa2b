"""The gate's screen in a real browser: Debian's Chromium driven by Selenium shows the page a real `kiosk run` serves
on [display] web, while the test types card UIDs into the kiosk's keyboard-wedge reader (its standard input). The
kiosk syncs with a real kiosk-hub (as console_test.py), which gives it the property's name and the photos.

Checked: each outcome's word, colour, shape and a tone of its own (REFUSED from a kiosk restarted to require SUN
cards); the contrast of every text computed from the rendered styles; the pass line of a student on leave; names in
Devanagari, Tamil and Urdu each drawn with its Noto font; the initials, then the photo after a roster sync; the
greeting gone after greeting_seconds; nothing of another student on the page; the page served on the configured
address only, and not to a request naming another host; OFFLINE when the kiosk stops and back by itself when it
starts, without a reload; a photo refused on the console with its reason, a file far over the limit too.
Measured, not asserted (no wall-clock assertions in tests): each greeting's delay from the kiosk's log line (its time
to the millisecond) to the page's DOM change, written to $KIOSK_SHOTS/screen-latency.json. Screenshots at 800x480 and
1280x720 go to $KIOSK_SHOTS.

Run by scripts/browser-tests.sh with the same environment as console_test.py.
"""

import datetime
import json
import os
import signal
import socket
import sqlite3
import statistics
import struct
import subprocess
import tempfile
import threading
import unittest
import urllib.error
import urllib.request
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import console_test
from console_test import WAIT, submit_and_await_the_next_page, viewport

ROSTER = """student_id,name,room,tag_uid
S001,Asha Verma,101,04A1B2C3
S002,Priya Nair,102,04A1B2C4
S003,राहुल शर्मा,103,04A1B2C5
S004,முத்து குமார்,104,04A1B2C6
S005,زینب خان,105,04A1B2C7
"""
UNKNOWN_UID = "04FFFF01"
# Colour and shape of each outcome (CONTRACT.md "The gate's screen").
LOOKS = {"IN": ("rgba(11, 107, 46, 1)", "arrow-in"), "OUT": ("rgba(11, 79, 156, 1)", "arrow-out"),
         "IGNORED": ("rgba(74, 79, 85, 1)", "bar"), "UNKNOWN": ("rgba(163, 22, 26, 1)", "cross"),
         "REFUSED": ("rgba(163, 22, 26, 1)", "cross")}


def png(width, height, rgb):
    """A real PNG of one colour, made here so the test needs no image library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def luminance(colour):
    """WCAG relative luminance of `rgb(r, g, b)` or `rgba(r, g, b, a)`."""
    parts = [float(p) for p in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
    linear = [(c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground, background):
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


class Kiosk:
    """`kiosk run` with a keyboard-wedge reader on its standard input; its log lines kept as they arrive."""

    def __init__(self, gate, config):
        self.process = subprocess.Popen([os.path.join(console_test.BIN, "kiosk"), "run", "--config", config],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, env=gate.env)
        self.lines = []
        self.changed = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.lines.append(None)
            self.changed.notify_all()

    def line(self, containing, after=0):
        """The first log line from index `after` on containing `containing`, waited for (bounded); and its index."""
        def found():
            for index in range(after, len(self.lines)):
                if self.lines[index] is None:
                    return (None, index)
                if containing in self.lines[index]:
                    return (self.lines[index], index)
            return None
        with self.changed:
            line, index = self.changed.wait_for(found, timeout=WAIT) or (None, 0)
        if line is None:
            raise AssertionError(f"kiosk run never logged {containing!r}:\n" + "\n".join(l for l in self.lines if l))
        return line, index

    def tap(self, uid):
        self.process.stdin.write(uid + "\n")
        self.process.stdin.flush()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=WAIT)
        self.process.stdin.close()


def logged_at(line):
    """The time of a log line (`2026-11-27T18:02:03.125+0530 info ...`), in milliseconds since the epoch."""
    return datetime.datetime.strptime(line.split(" ", 1)[0], "%Y-%m-%dT%H:%M:%S.%f%z").timestamp() * 1000


class ScreenInABrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gate = console_test.Gate(roster=ROSTER)
        # S003 went out two hours ago, past the debounce window, so their first read here is IN.
        earlier = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
        cls.gate.kiosk("manual", "--student", "S003", "--direction", "out", "--at", earlier, "--reason", "left before the test")
        # S001 is on leave from an hour ago until tomorrow: their OUT carries the pass line.
        now = datetime.datetime.now(datetime.timezone.utc)
        cls.gate.hub("pass", "create", "--student", "S001", "--from", (now - datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                     "--until", (now + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ"), "--reason", "home")
        cls.gate.kiosk("sync", "--once")
        cls.port = console_test.free_port()
        with open(cls.gate.config, "a") as file:
            file.write(f'\n[attendance]\ndebounce_seconds = 3600\n\n[[readers]]\nname = "wedge"\ndriver = "keyboard"\n\n'
                       f'[display]\nweb = "127.0.0.1:{cls.port}"\ngreeting_seconds = 3\n')
        cls.journal = os.path.join(os.path.dirname(cls.gate.config), "journal.sqlite")
        cls.kiosk = Kiosk(cls.gate, cls.gate.config)
        cls.kiosk.line("the gate's screen is at")
        cls.driver = console_test.browser()
        cls.latencies = {}
        cls.tones = {}

    @classmethod
    def tearDownClass(cls):
        os.makedirs(console_test.SHOTS, exist_ok=True)
        values = list(cls.latencies.values())
        with open(os.path.join(console_test.SHOTS, "screen-latency.json"), "w") as file:
            json.dump({"milliseconds": cls.latencies,
                       "median": statistics.median(values) if values else None,
                       "max": max(values) if values else None}, file, indent=2)
        if values:
            print(f"\ncommit-to-screen: median {statistics.median(values):.0f} ms, max {max(values):.0f} ms "
                  f"over {len(values)} greetings (log line to DOM change)")
        cls.driver.quit()
        if cls.kiosk.process.poll() is None:
            cls.kiosk.stop()
        cls.gate.close()

    def open_screen(self, width=800, height=480):
        driver = self.driver
        viewport(driver, width, height)
        driver.get(f"http://127.0.0.1:{self.port}/")
        WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "clock").text != "--:--")
        # Each change of greeting noted with the browser's clock, to set against the kiosk's log line.
        driver.execute_script("""
            window.loadedOnce = true;
            window.shownAt = {};
            // The tone each greeting plays, by outcome, as the page asks Web Audio for it.
            window.played = [];
            const play = window.play;
            window.play = (outcome) => { window.played.push([outcome, JSON.stringify(TONES[outcome] || [])]); play(outcome); };
            new MutationObserver(() => {
              const id = document.getElementById('greeting').dataset.event;
              if (id && !(id in window.shownAt)) window.shownAt[id] = Date.now();
            }).observe(document.getElementById('greeting'), {attributes: true});
        """)

    def greet(self, uid, outcome):
        """Types `uid`, waits for the page to greet that read, and returns the read's event id."""
        after = len(self.kiosk.lines)
        self.kiosk.tap(uid)
        line, _ = self.kiosk.line(f"wedge: {outcome} ", after=after)
        event = line.split("event.id=", 1)[1].split(" ", 1)[0]
        shown = WebDriverWait(self.driver, WAIT).until(
            lambda d: d.execute_script("return window.shownAt[arguments[0]];", event))
        self.latencies[f"{outcome} {event}"] = shown - logged_at(line)
        greeting = self.driver.find_element(By.ID, "greeting")
        self.assertEqual(greeting.get_attribute("data-outcome"), outcome)
        self.assertEqual(self.driver.find_element(By.ID, "word").text, outcome)
        colour, shape = LOOKS[outcome]
        self.assertEqual(greeting.value_of_css_property("background-color"), colour)
        self.assertEqual(self.driver.find_element(By.ID, "shape").get_attribute("data-shape"), shape)
        played, tone = self.driver.execute_script("return window.played[window.played.length - 1];")
        self.assertEqual(played, outcome)
        self.assertNotEqual(tone, "[]", f"{outcome} plays no tone")
        self.tones[outcome] = tone
        return event

    def assert_readable(self):
        """Every visible text has at least 4.5:1 against the first opaque background behind it."""
        pairs = self.driver.execute_script("""
            const opaque = (e) => {
              for (; e; e = e.parentElement) {
                const c = getComputedStyle(e).backgroundColor;
                if (c !== 'rgba(0, 0, 0, 0)' && !c.endsWith(', 0)')) return c;
              }
              return 'rgb(255, 255, 255)';
            };
            return [...document.querySelectorAll('body *')]
              .filter(e => e.offsetParent !== null && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
              .map(e => [e.id || e.tagName, getComputedStyle(e).color, opaque(e)]);
        """)
        self.assertTrue(pairs)
        for name, foreground, background in pairs:
            self.assertGreaterEqual(contrast(foreground, background), 4.5, f"{name}: {foreground} on {background}")

    def shoot(self, name):
        os.makedirs(console_test.SHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(console_test.SHOTS, f"screen-{name}.png"))

    def test_1_each_outcome_in_word_colour_and_shape_readable_in_any_script(self):
        self.open_screen()
        self.assertEqual(self.driver.find_element(By.ID, "title").text, "PG")
        self.assert_readable()
        self.shoot("idle-800x480")
        self.greet("04A1B2C3", "OUT")
        self.assertEqual(self.driver.find_element(By.ID, "name").text, "Asha Verma")
        self.assertEqual(self.driver.find_element(By.ID, "room").text, "Room 101")
        self.assertEqual(self.driver.find_element(By.ID, "initials").text, "AV")
        self.assertIn("on leave until", self.driver.find_element(By.ID, "detail").text)
        self.assertNotIn("Priya", self.driver.page_source)
        self.assert_readable()
        self.shoot("out-800x480")
        viewport(self.driver, 1280, 720)
        self.greet("04A1B2C5", "IN")
        self.assertEqual(self.driver.find_element(By.ID, "name").text, "राहुल शर्मा")
        self.assert_readable()
        self.assertIn("Noto Sans Devanagari", self.fonts_of("name"))
        self.shoot("in-1280x720")
        # Tamil, and Urdu written right to left, each drawn with its own Noto face.
        for uid, name, face in (("04A1B2C6", "முத்து குமார்", "Noto Sans Tamil"), ("04A1B2C7", "زینب خان", "Noto Sans Arabic")):
            self.greet(uid, "OUT")
            self.assertEqual(self.driver.find_element(By.ID, "name").text, name)
            self.assertIn(face, self.fonts_of("name"))
            self.assert_readable()
        self.shoot("urdu-1280x720")
        self.greet("04A1B2C3", "IGNORED")
        self.assertIn("already", self.driver.find_element(By.ID, "detail").text)
        self.assert_readable()
        self.greet(UNKNOWN_UID, "UNKNOWN")
        self.assertEqual(self.driver.find_element(By.ID, "name").text, "")
        self.assert_readable()
        self.shoot("unknown-1280x720")
        # The greeting leaves after greeting_seconds: the name, room and photo are gone from the page.
        WebDriverWait(self.driver, WAIT).until(
            lambda d: not d.find_element(By.ID, "greeting").get_attribute("data-outcome"))
        self.assertNotIn("Asha", self.driver.page_source)
        for name in ("राहुल", "முத்து", "زینب"):
            self.assertNotIn(name, self.driver.page_source)
        for count in ("count-in", "count-out", "count-not-returned", "count-absent", "count-on-leave"):
            self.assertTrue(self.driver.find_element(By.ID, count).text.isdigit(), count)
        self.assertTrue(self.driver.execute_script("return window.loadedOnce === true;"), "the page was reloaded")

    def fonts_of(self, element_id):
        """The font families Chromium drew an element's text with (DevTools' CSS.getPlatformFontsForNode)."""
        driver = self.driver
        driver.execute_cdp_cmd("DOM.enable", {})
        driver.execute_cdp_cmd("CSS.enable", {})
        root = driver.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
        node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": f"#{element_id}"})["nodeId"]
        fonts = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        return [font["familyName"] for font in fonts]

    def test_2_the_photo_after_a_roster_sync_and_only_while_greeted(self):
        self.open_screen(1280, 720)
        photo = os.path.join(self.gate.directory, "priya.png")
        with open(photo, "wb") as file:
            file.write(png(96, 128, (200, 120, 40)))
        self.gate.hub("student", "photo", "S002", photo)
        # The read wakes the kiosk's sync, whose roster pull brings the photo.
        self.greet("04A1B2C4", "OUT")
        WebDriverWait(self.driver, WAIT).until(lambda d: self.journal_photo("S002"))
        event = self.greet("04A1B2C4", "IGNORED")
        image = WebDriverWait(self.driver, WAIT).until(
            lambda d: d.execute_script("const i = document.querySelector('#portrait img'); "
                                       "return i && i.complete && i.naturalWidth > 0 ? i : null;"))
        self.assertEqual(image.get_attribute("naturalWidth"), "96")
        self.assertTrue(image.get_attribute("src").endswith(f"/photo/{event}"))
        self.shoot("photo-1280x720")
        viewport(self.driver, 800, 480)
        self.shoot("photo-800x480")
        self.assertEqual(self.status(f"/photo/{event}-other"), 404)
        WebDriverWait(self.driver, WAIT).until(
            lambda d: not d.find_element(By.ID, "greeting").get_attribute("data-outcome"))
        WebDriverWait(self.driver, WAIT).until(lambda d: self.status(f"/photo/{event}") == 404)

    def journal_photo(self, student):
        with sqlite3.connect(f"file:{self.journal}?mode=ro", uri=True) as journal:
            return journal.execute("SELECT digest FROM student_photo WHERE student_id = ?", (student,)).fetchone()

    def status(self, path, host="127.0.0.1"):
        try:
            with urllib.request.urlopen(f"http://{host}:{self.port}{path}", timeout=10) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    def test_3_served_on_the_configured_address_only(self):
        self.assertEqual(self.status("/"), 200)
        self.assertEqual(self.status("/roster"), 404)
        # A page of another site whose name was rebound to loopback names its own host: refused.
        rebound = urllib.request.Request(f"http://127.0.0.1:{self.port}/events", headers={"Host": "attacker.example"})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(rebound, timeout=10)
        self.assertEqual(refused.exception.code, 421)
        with self.assertRaises(OSError):
            socket.create_connection(("127.0.0.2", self.port), timeout=10).close()

    def test_4_offline_when_the_kiosk_stops_and_back_without_reload(self):
        cls = type(self)
        self.open_screen()
        cls.kiosk.stop()
        WebDriverWait(self.driver, WAIT).until(
            lambda d: "offline" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        self.assertIn("OFFLINE", self.driver.find_element(By.ID, "offline").text)
        self.shoot("offline-800x480")
        # It comes back requiring SUN cards, so a card's bare UID (all a keyboard wedge gives) is REFUSED.
        keys = os.path.join(self.gate.directory, "sun-keys")
        with open(keys, "w") as file:
            file.write("meta = 0123456789ABCDEF0123456789ABCDEF\nfile = FEDCBA9876543210FEDCBA9876543210\n")
        os.chmod(keys, 0o600)
        config = os.path.join(self.gate.directory, "kiosk-sun.conf")
        with open(self.gate.config) as original, open(config, "w") as file:
            file.write(original.read() + f'\n[cards]\nsun_keys_file = "{keys}"\nrequire_sun = true\n')
        cls.kiosk = Kiosk(self.gate, config)
        WebDriverWait(self.driver, WAIT).until(
            lambda d: "offline" not in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        self.greet("04A1B2C3", "REFUSED")
        self.assertEqual(self.driver.find_element(By.ID, "name").text, "")
        self.assertNotIn("Asha", self.driver.page_source)
        self.assert_readable()
        self.shoot("refused-800x480")
        self.assertTrue(self.driver.execute_script("return window.loadedOnce === true;"), "the page was reloaded")
        # Each outcome sounds its own tone, so a student who cannot see the screen knows it.
        self.assertEqual(sorted(self.tones), sorted(LOOKS))
        self.assertEqual(len(set(self.tones.values())), len(LOOKS), self.tones)

    def test_5_a_photo_that_is_not_an_image_is_refused_on_the_console_with_the_reason(self):
        driver = self.driver
        viewport(driver, 1280, 800)
        driver.get(self.gate.url + "/login")
        driver.find_element(By.NAME, "username").send_keys("asha")
        driver.find_element(By.NAME, "password").send_keys(console_test.PASSWORD)
        submit_and_await_the_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        driver.get(self.gate.url + "/students/S001")
        not_an_image = os.path.join(self.gate.directory, "notes.png")
        with open(not_an_image, "w") as file:
            file.write("not a photo at all\n")
        form = driver.find_element(By.CSS_SELECTOR, "form[enctype='multipart/form-data']")
        form.find_element(By.NAME, "file").send_keys(not_an_image)
        submit_and_await_the_next_page(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.assertIn("not a JPEG or PNG image", driver.page_source)
        # A file far over the limit is refused with the reason too, not with a bare error from the server.
        huge = os.path.join(self.gate.directory, "huge.jpg")
        with open(huge, "wb") as file:
            file.write(b"\xff\xd8\xff" + bytes(9 * 1024 * 1024))
        form = driver.find_element(By.CSS_SELECTOR, "form[enctype='multipart/form-data']")
        form.find_element(By.NAME, "file").send_keys(huge)
        submit_and_await_the_next_page(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.assertIn("larger than 8 MB", driver.page_source)
        photo = os.path.join(self.gate.directory, "asha.png")
        with open(photo, "wb") as file:
            file.write(png(64, 64, (30, 90, 160)))
        form = driver.find_element(By.CSS_SELECTOR, "form[enctype='multipart/form-data']")
        form.find_element(By.NAME, "file").send_keys(photo)
        submit_and_await_the_next_page(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.assertIn("Photo saved", driver.page_source)
        image = driver.find_element(By.CSS_SELECTOR, "img.photo")
        self.assertEqual(driver.execute_script("return arguments[0].naturalWidth;", image), 64)
        self.shoot("console-student-photo")


if __name__ == "__main__":
    unittest.main(verbosity=2)
