"""Parents in the loop, in a real browser against a real kiosk-hub and kiosk (as console_test.py): a pass request
made on the Passes page reaches the parents through a command channel (its captured JSON gives each parent's link);
the link opens in a fresh browser without a session on a 390x844 phone; Approve makes the pass, which the kiosk learns
at its next sync; the OUT tap sends student_left and the IN tap student_returned, each with the parent's contact; the
used link says "already decided"; an altered link is "not valid"; a declined request makes no pass; a link opened after
its time (an injected clock) is "expired". Screenshots of the parent's pages go to KIOSK_SHOTS.

Run by scripts/browser-tests.sh after console_test.py, with the same environment.
"""

import datetime
import glob
import json
import os
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import console_test
from console_test import WAIT, submit_and_await_the_next_page, viewport

ROSTER = """student_id,name,room,tag_uid,parent_contact
S001,Asha Verma,101,04A1B2C3,+919812345678;mother@example.org
S002,Priya Nair,102,04A1B2C4,father@example.org
S003,राहुल शर्मा,103,04A1B2C5,+919800000003
S004,தமிழ் செல்வி,104,04A1B2C6,
"""
CONF = """[hub]
public_url = "{url}"

[passes]
parent_approval = true

[alerts]
notify_parents = true

[[alerts.channels]]
kind = "command"
command = ["/bin/sh", "-c", "cat > \\"$0/$(date +%s%N)-$$.json\\"", "{capture}"]
"""
# The hub and the kiosk are moved this far ahead to take the taps inside the pass and to open a link after its time.
LATER = 3600


def fetch(url):
    """The status and body of a GET without any cookie."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


class ParentsInABrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.capture = tempfile.mkdtemp(prefix="kiosk-parents-alerts-")
        cls.gate = console_test.Gate(roster=ROSTER, conf=CONF.replace("{capture}", cls.capture))
        cls.warden = console_test.browser()
        cls.parent = console_test.browser()
        cls.shots = os.path.join(console_test.SHOTS, console_test.BACKEND)
        os.makedirs(cls.shots, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.warden.quit()
        cls.parent.quit()
        cls.gate.close()

    def alert(self, event, **match):
        """The first captured alert of `event` whose fields have the values `match` gives, once the hub delivered it."""
        def found(_):
            for path in sorted(glob.glob(os.path.join(self.capture, "*.json"))):
                with open(path, encoding="utf-8") as file:
                    text = file.read()
                if not text:
                    continue  # still being written
                alert = json.loads(text)
                if alert["event"] == event and all(match[key](alert) for key in match):
                    return alert
            return None
        return WebDriverWait(self.parent, WAIT, poll_frequency=0.2).until(found, f"no {event} alert was delivered")

    def link(self, request_id, contact):
        alert = self.alert("pass_request", request=lambda a: a["request"]["id"] == request_id,
                           contact=lambda a: a["parentContacts"] == [contact])
        self.assertTrue(alert["approvalUrl"].startswith(self.gate.url + "/p/"), alert["approvalUrl"])
        self.assertEqual(alert["request"]["studentId"], alert["students"][0]["studentId"])
        return alert["approvalUrl"]

    def request_by_command(self, student, reason):
        start = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=10)
        until = start + datetime.timedelta(days=2)
        output = self.gate.hub("pass", "request", "--student", student, "--from", start.isoformat(timespec="seconds"),
                               "--until", until.isoformat(timespec="seconds"), "--reason", reason)
        return output.strip().splitlines()[-1]

    def open_as_parent(self, url, shot):
        """Opens `url` in the parent's browser (no session, a 390x844 phone) and photographs it."""
        driver = self.parent
        driver.delete_all_cookies()
        viewport(driver, 390, 844)
        driver.get(url)
        overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        self.assertLessEqual(overflow, 0, f"{url} scrolls sideways on a phone")
        driver.save_screenshot(os.path.join(self.shots, f"parent-{shot}-390x844.png"))
        return driver.find_element(By.TAG_NAME, "main").text

    def decide_as_parent(self, button, shot):
        driver = self.parent
        submit_and_await_the_next_page(driver, driver.find_element(By.ID, button))
        driver.save_screenshot(os.path.join(self.shots, f"parent-{shot}-390x844.png"))
        return driver.find_element(By.TAG_NAME, "main").text

    def requests(self):
        return {r["id"]: r for r in json.loads(self.gate.hub("pass", "requests", "--format", "json"))}

    def test_a_parent_decides_from_their_link_and_hears_of_the_leave(self):
        # The warden sends a request from the Passes page; each parent gets their own link.
        warden = self.warden
        warden.get(self.gate.url + "/login")
        warden.find_element(By.NAME, "username").send_keys("asha")
        warden.find_element(By.NAME, "password").send_keys(console_test.PASSWORD)
        submit_and_await_the_next_page(warden, warden.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        warden.get(self.gate.url + "/passes")
        Select(warden.find_element(By.NAME, "studentId")).select_by_value("S001")
        now = datetime.datetime.strptime(warden.find_element(By.NAME, "from").get_attribute("value"), "%Y-%m-%dT%H:%M")
        for name, value in (("from", now + datetime.timedelta(minutes=10)), ("until", now + datetime.timedelta(days=2))):
            warden.execute_script("arguments[0].value = arguments[1];", warden.find_element(By.NAME, name),
                                  value.strftime("%Y-%m-%dT%H:%M"))
        warden.find_element(By.NAME, "reason").send_keys("home for Diwali")
        submit_and_await_the_next_page(warden, warden.find_element(By.ID, "send-request"))
        notice = warden.find_element(By.CSS_SELECTOR, "[role=status]").text
        self.assertIn("sent to the parents of S001", notice)
        request_id = notice.split()[1]
        self.assertIn("pending", warden.find_element(By.ID, "requests").text)
        mother = self.link(request_id, "mother@example.org")
        self.link(request_id, "+919812345678")

        # The mother opens her link on her phone, with no session, and approves.
        page = self.open_as_parent(mother, "request")
        self.assertIn("Asha Verma", page)
        self.assertIn("home for Diwali", page)
        self.assertIn("approved", self.decide_as_parent("approve", "approved"))
        passes = json.loads(self.gate.hub("pass", "list", "--format", "json"))
        self.assertEqual([(p["studentId"], p["reason"]) for p in passes], [("S001", "home for Diwali")])
        self.assertEqual(self.requests()[request_id]["state"], "approved")
        # Her link is used now: the page says so, and a decision posted on it changes nothing.
        self.assertIn("already decided", self.open_as_parent(mother, "already-decided"))
        self.assertEqual(fetch(mother)[0], 410)
        altered = mother[:-1] + ("A" if not mother.endswith("A") else "B")
        status, text = fetch(altered)
        self.assertEqual(status, 404)
        self.assertIn("not valid", text)

        # A father declines: no pass.
        declined = self.request_by_command("S002", "cousin's wedding")
        self.open_as_parent(self.link(declined, "father@example.org"), "request-declining")
        self.assertIn("declined", self.decide_as_parent("decline", "declined"))
        self.assertEqual(self.requests()[declined]["state"], "declined")
        self.assertEqual(len(json.loads(self.gate.hub("pass", "list", "--format", "json"))), 1)

        # An hour later (the hub's and the kiosk's clocks moved): a link past its request's start has expired, and
        # the kiosk, at its next sync, knows S001 is on leave; the OUT and IN taps reach the mother.
        expiring = self.link(self.request_by_command("S003", "exam at home"), "+919800000003")
        self.gate.stop_hub()
        self.gate.env["KIOSK_CLOCK_OFFSET_SECONDS"] = str(LATER)
        self.gate.start_hub()
        self.assertIn("expired", self.open_as_parent(expiring, "expired"))
        self.assertEqual(fetch(expiring)[0], 410)
        self.gate.kiosk("sync", "--once")
        self.assertIn("OUT S001 Asha Verma (room 101): on leave until", self.gate.kiosk("tap", "--uid", "04A1B2C3"))
        self.gate.kiosk("sync", "--once")
        left = self.alert("student_left", student=lambda a: a["students"][0]["studentId"] == "S001")
        self.assertEqual(left["parentContacts"], ["+919812345678", "mother@example.org"])
        later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=LATER + 120)
        self.assertIn("IN S001", self.gate.kiosk("tap", "--uid", "04A1B2C3", "--at", later.isoformat(timespec="seconds")))
        self.gate.kiosk("sync", "--once")
        back = self.alert("student_returned", student=lambda a: a["students"][0]["studentId"] == "S001")
        self.assertIn("mother@example.org", back["parentContacts"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
