"""The warden's web console in a real browser: Debian's Chromium driven by Selenium, against a real kiosk-hub
(SQLite, or PostgreSQL when KIOSK_BROWSER_DATABASE_URL names a database) and a real kiosk syncing to it.

Run by scripts/browser-tests.sh, which sets up Chromium, the venv and the environment:
  KIOSK_BIN       the directory holding the built `kiosk` and `kiosk-hub`
  KIOSK_SHOTS     where the screenshots go (390x844 and 1280x800 of every page)
"""

import html5lib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

BIN = os.environ["KIOSK_BIN"]
SHOTS = os.environ.get("KIOSK_SHOTS", "/tmp/kiosk-console-shots")
DATABASE_URL = os.environ.get("KIOSK_BROWSER_DATABASE_URL")
BACKEND = "postgresql" if DATABASE_URL else "sqlite"
PASSWORD = "a long enough secret"
ROSTER = """student_id,name,room,tag_uid
S001,Asha Verma,101,04A1B2C3
S002,Priya Nair,102,04A1B2C4
S003,राहुल शर्मा,103,04A1B2C5
S004,தமிழ் செல்வி,104,04A1B2C6
"""
# Generous upper bounds for a loaded 2-core machine; the live page is measured by kiosk-bench, not here.
WAIT = 60


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(*arguments, stdin=None, env=None):
    """Runs a program of the project; fails the test with its output when it exits non-zero."""
    result = subprocess.run(arguments, input=stdin, capture_output=True, text=True, env=env, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(arguments)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result.stdout


class Gate:
    """A real hub with a roster, a second property, users, and a real kiosk of `default` syncing to it."""

    def __init__(self, roster=ROSTER, conf=None):
        """`conf`: the text of a hub configuration file, `{url}` standing for the hub's address."""
        self.directory = tempfile.mkdtemp(prefix="kiosk-console-")
        self.env = dict(os.environ)
        if DATABASE_URL:
            self.env["KIOSK_HUB_DATABASE_URL"] = DATABASE_URL
        hub_dir = os.path.join(self.directory, "hub")
        self.hub_args = ["--data-dir", hub_dir]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        if conf is not None:
            conf_path = os.path.join(self.directory, "hub.conf")
            with open(conf_path, "w", encoding="utf-8") as file:
                file.write(conf.replace("{url}", self.url))
            self.hub_args += ["--config", conf_path]
        roster_path = os.path.join(self.directory, "roster.csv")
        with open(roster_path, "w", encoding="utf-8") as file:
            file.write(roster)
        self.hub("roster", "import", roster_path)
        self.hub("property", "create", "north", "--name", "North Block")
        self.hub("roster", "import", roster_path, "--property", "north")
        self.hub("user", "create", "asha", "--property", "default", "--role", "warden", "--password-stdin", stdin=PASSWORD)
        self.hub("user", "create", "nora", "--property", "north", "--role", "warden", "--password-stdin", stdin=PASSWORD)
        self.hub("user", "create", "ops", "--role", "operator", "--password-stdin", stdin=PASSWORD)
        self.hub("user", "create", "guard", "--property", "default", "--role", "warden", "--password-stdin", stdin=PASSWORD)
        token = self.hub("token", "create", "--kiosk", "gate-1").strip().splitlines()[-1]
        self.log = open(os.path.join(self.directory, "hub.log"), "w")
        self.start_hub()
        kiosk_dir = os.path.join(self.directory, "kiosk")
        os.makedirs(kiosk_dir)
        with open(os.path.join(kiosk_dir, "token"), "w") as file:
            file.write(token + "\n")
        os.chmod(os.path.join(kiosk_dir, "token"), 0o600)
        self.config = os.path.join(kiosk_dir, "kiosk.conf")
        with open(self.config, "w") as file:
            file.write(f'[kiosk]\nid = "gate-1"\ndata_dir = "{kiosk_dir}"\n\n'
                       f'[sync]\nhub_url = "{self.url}"\ntoken_file = "{kiosk_dir}/token"\n')
        self.kiosk("sync", "--once")

    def start_hub(self):
        self.server = subprocess.Popen(
            [os.path.join(BIN, "kiosk-hub"), "serve", "--port", str(self.port)] + self.hub_args,
            stdout=self.log, stderr=subprocess.STDOUT, env=self.env)
        self.await_hub()

    def stop_hub(self):
        self.server.terminate()
        self.server.wait(timeout=30)

    def hub(self, *arguments, stdin=None):
        return run(os.path.join(BIN, "kiosk-hub"), *arguments, *self.hub_args, stdin=stdin, env=self.env)

    def kiosk(self, *arguments):
        return run(os.path.join(BIN, "kiosk"), *arguments, "--config", self.config, env=self.env)

    def await_hub(self):
        """Returns once /healthz answers 200 (the hub prints its readiness; this asks it)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise AssertionError(f"kiosk-hub serve exited {self.server.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise AssertionError("kiosk-hub did not answer /healthz within 60 s")

    def close(self):
        self.stop_hub()
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def submit_and_await_the_next_page(driver, button):
    """Clicks `button` and returns once the page it leads to has loaded (a mark set on this page is gone)."""
    driver.execute_script("window.beforeSubmit = true;")
    button.click()

    def next_page_loaded(d):
        try:
            return d.execute_script("return window.beforeSubmit === undefined && document.readyState === 'complete';")
        except WebDriverException:
            return False  # between the two documents

    WebDriverWait(driver, WAIT).until(next_page_loaded)


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    viewport(driver, 1280, 800)
    return driver


def viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


class ConsoleInABrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gate = Gate()
        cls.driver = browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gate.close()

    def setUp(self):
        self.driver.delete_all_cookies()

    def sign_in(self, name, password=PASSWORD):
        driver = self.driver
        driver.get(self.gate.url + "/login")
        driver.find_element(By.NAME, "username").send_keys(name)
        driver.find_element(By.NAME, "password").send_keys(password)
        submit_and_await_the_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

    def cookie_header(self):
        return "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())

    def fetch(self, path, data=None):
        """The page as the server sent it (for the validator), with the browser's session."""
        request = urllib.request.Request(self.gate.url + path, data=data, headers={"Cookie": self.cookie_header()})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")

    def kiosk_report(self):
        return json.loads(self.gate.kiosk("report", "--format", "json"))

    def test_sign_in_and_the_session_cookie(self):
        self.sign_in("asha")
        self.assertEqual(self.heading(), "PG: Today")
        cookie = next(c for c in self.driver.get_cookies() if c["name"] == "kiosk_session")
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie["sameSite"], "Strict")
        self.assertFalse(cookie["secure"])  # plain http here; Secure behind a TLS proxy is tested in the Swift suite

    def test_a_tap_synced_by_a_kiosk_appears_on_the_open_today_page_without_reload(self):
        self.sign_in("asha")
        driver = self.driver
        WebDriverWait(driver, WAIT).until(expected_conditions.text_to_be_present_in_element((By.ID, "live-state"), "Live"))
        driver.execute_script("window.loadedOnce = true;")
        self.assertIn("S002 Priya Nair", self.gate.kiosk("tap", "--uid", "04A1B2C4"))
        self.gate.kiosk("sync", "--once")
        WebDriverWait(driver, WAIT).until(
            expected_conditions.text_to_be_present_in_element((By.ID, "latest"), "Priya Nair"))
        self.assertTrue(driver.execute_script("return window.loadedOnce === true;"), "the page was reloaded")
        self.assertIn("gate-1", driver.find_element(By.ID, "latest").text)

    def test_the_page_says_when_the_live_connection_is_lost_and_reconnects(self):
        self.sign_in("asha")
        driver = self.driver
        WebDriverWait(driver, WAIT).until(expected_conditions.text_to_be_present_in_element((By.ID, "live-state"), "Live"))
        driver.execute_script("window.loadedOnce = true;")
        self.gate.stop_hub()
        try:
            WebDriverWait(driver, WAIT).until(
                expected_conditions.text_to_be_present_in_element((By.ID, "live-state"), "reconnecting"))
        finally:
            self.gate.start_hub()
        WebDriverWait(driver, WAIT).until(expected_conditions.text_to_be_present_in_element((By.ID, "live-state"), "Live"))
        self.assertTrue(driver.execute_script("return window.loadedOnce === true;"), "the page was reloaded")

    def test_a_manual_entry_from_the_page_reaches_the_kiosks_report(self):
        self.sign_in("asha")
        driver = self.driver
        driver.get(self.gate.url + "/manual")
        Select(driver.find_element(By.NAME, "studentId")).select_by_value("S004")
        Select(driver.find_element(By.NAME, "direction")).select_by_value("out")
        driver.find_element(By.NAME, "reason").send_keys("home for the weekend")
        driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        WebDriverWait(driver, WAIT).until(expected_conditions.text_to_be_present_in_element((By.ID, "history"), "home for the weekend"))
        self.gate.kiosk("sync", "--once")
        student = next(s for s in self.kiosk_report()["students"] if s["studentId"] == "S004")
        self.assertIn(student["status"], ("out", "notReturned"))
        self.assertIsNotNone(student["lastOut"])

    def test_a_pass_granted_on_the_page_reaches_the_kiosk(self):
        self.sign_in("asha")
        driver = self.driver
        driver.get(self.gate.url + "/passes")
        Select(driver.find_element(By.NAME, "studentId")).select_by_value("S001")
        start = driver.find_element(By.NAME, "from").get_attribute("value")  # now, in the property's zone
        until = driver.find_element(By.NAME, "until")
        driver.execute_script("arguments[0].value = arguments[1];", until, "2099-01-04T18:00")
        driver.find_element(By.NAME, "reason").send_keys("home for the weekend")
        submit_and_await_the_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/passes'] button"))
        self.assertIn("granted to S001", driver.find_element(By.CSS_SELECTOR, "[role=status]").text)
        self.assertIn("home for the weekend", driver.find_element(By.ID, "passes").text)
        self.assertTrue(start)
        self.gate.kiosk("sync", "--once")
        self.assertIn("OUT S001 Asha Verma (room 101): on leave until Sun 18:00", self.gate.kiosk("tap", "--uid", "04A1B2C3"))
        self.gate.kiosk("sync", "--once")
        student = next(s for s in self.kiosk_report()["students"] if s["studentId"] == "S001")
        self.assertEqual(student["status"], "onLeave")
        self.assertEqual(student["pass"]["reason"], "home for the weekend")

    def test_a_roster_upload_with_a_bad_row_shows_the_error_and_changes_nothing(self):
        self.sign_in("asha")
        driver = self.driver
        driver.get(self.gate.url + "/roster")
        before = driver.find_element(By.ID, "roster").text
        bad = os.path.join(self.gate.directory, "new-term.csv")
        with open(bad, "w", encoding="utf-8") as file:
            file.write("student_id,name,room,tag_uid\nS005,Kabir Shah,105,04A1B2C7\nS006,Zoya Khan,106,NOT-A-UID\n")
        driver.find_element(By.NAME, "file").send_keys(bad)
        driver.find_element(By.CSS_SELECTOR, "form[action='/roster/upload'] button").click()
        alert = WebDriverWait(driver, WAIT).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "[role=alert]")))
        self.assertIn("new-term.csv:3: field 'tag_uid'", alert.text)
        self.assertEqual(driver.find_element(By.ID, "roster").text, before)
        self.assertNotIn("Kabir Shah", self.gate.hub("report", "--format", "json"))

    def test_a_revoked_card_taps_unknown_at_the_kiosk_after_its_next_sync(self):
        self.sign_in("asha")
        driver = self.driver
        self.assertIn("S003", self.gate.kiosk("tap", "--uid", "04A1B2C5"))
        driver.get(self.gate.url + "/students/S003")
        driver.find_element(By.CSS_SELECTOR, "form[action='/roster/revoke'] button").click()
        notice = WebDriverWait(driver, WAIT).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "[role=status]")))
        self.assertIn("04A1B2C5", notice.text)
        self.gate.kiosk("sync", "--once")
        self.assertIn("UNKNOWN", self.gate.kiosk("tap", "--uid", "04A1B2C5"))

    def test_a_post_without_the_csrf_token_is_refused(self):
        self.sign_in("asha")
        _, page = self.fetch("/manual")
        now = page.split('name="time" value="', 1)[1].split('"', 1)[0]

        def taps():
            _, report = self.fetch("/report.json")
            return next(s for s in json.loads(report)["students"] if s["studentId"] == "S001")["taps"]

        before = taps()
        form = {"studentId": "S001", "direction": "out", "time": now, "reason": "forged"}
        status, _ = self.fetch("/manual", data=urllib.parse.urlencode(form).encode())
        self.assertEqual(status, 403)
        status, _ = self.fetch("/manual", data=urllib.parse.urlencode(dict(form, csrf="0" * 64)).encode())
        self.assertEqual(status, 403)
        self.assertEqual(taps(), before)

    def test_five_failed_sign_ins_lock_the_account(self):
        for _ in range(5):
            self.sign_in("guard", "not the password")
        self.sign_in("guard")
        alert = self.driver.find_element(By.CSS_SELECTOR, "[role=alert]")
        self.assertIn("locked", alert.text)
        self.assertEqual(self.driver.get_cookies(), [])

    def test_a_warden_of_one_property_cannot_open_anothers_pages(self):
        self.sign_in("nora")
        self.assertEqual(self.heading(), "North Block: Today")
        for page in ("/?property=default", "/roster?property=default", "/report?property=default"):
            self.driver.get(self.gate.url + page)
            self.assertEqual(self.heading(), "403 Forbidden", page)
        self.driver.get(self.gate.url + "/chain")
        self.assertEqual(self.heading(), "403 Forbidden")

    def test_every_page_is_valid_html_and_is_photographed_on_a_phone_and_a_desktop(self):
        self.sign_in("asha")
        pages = {"today": "/", "report": "/report", "month": "/month", "student": "/students/S003", "roster": "/roster",
                 "manual": "/manual", "passes": "/passes", "muster": "/muster", "alerts": "/alerts", "gates": "/gates"}
        self.check_pages(pages)
        self.driver.delete_all_cookies()
        self.sign_in("ops")
        self.check_pages({"chain": "/chain"})
        self.driver.delete_all_cookies()
        self.check_pages({"login": "/login"})

    def check_pages(self, pages):
        os.makedirs(os.path.join(SHOTS, BACKEND), exist_ok=True)
        parser = html5lib.HTMLParser(strict=True)
        for name, path in pages.items():
            status, text = self.fetch(path)
            self.assertEqual(status, 200, path)
            parser.parse(text)  # raises on the first parse error the HTML standard defines
            self.driver.get(self.gate.url + path)
            for width, height in ((390, 844), (1280, 800)):
                viewport(self.driver, width, height)
                overflow = self.driver.execute_script(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                if width == 390 and name != "month":
                    self.assertLessEqual(overflow, 0, f"{path} scrolls sideways on a phone")
                self.driver.save_screenshot(os.path.join(SHOTS, BACKEND, f"{name}-{width}x{height}.png"))
            viewport(self.driver, 1280, 800)


if __name__ == "__main__":
    unittest.main(verbosity=2)
