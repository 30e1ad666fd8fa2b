"""Gate health for a chain's operator, against a real kiosk-hub (as console_test.py): a gate's heartbeat shown as a
tile on the Gates page in Chromium, GET /metrics parsed by Prometheus's own parser (prometheus_client), and every
metric the Grafana dashboard in docs/grafana queries present in it.

Run by scripts/browser-tests.sh after console_test.py, with the same environment.
"""

import datetime
import json
import os
import re
import unittest
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families
from selenium.webdriver.common.by import By

import console_test

DASHBOARD = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "grafana", "kiosk-chain.json")
CONTRACT_METRICS = {
    "kiosk_hub_build_info", "kiosk_hub_events_received_total", "kiosk_hub_http_requests_total",
    "kiosk_hub_gate_last_seen_timestamp_seconds", "kiosk_hub_gate_up", "kiosk_hub_gate_pending_events",
    "kiosk_hub_gate_oldest_pending_age_seconds", "kiosk_hub_gate_clock_offset_seconds", "kiosk_hub_gate_reader_up",
    "kiosk_hub_alert_deliveries_pending", "kiosk_hub_alert_deliveries_failed_total",
}


def request(url, token=None, body=None):
    """The status and body of a GET (or a POST of `body` as JSON), with `token` as the bearer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def now(offset_seconds=0):
    instant = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=offset_seconds)
    return instant.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class GateHealthForTheOperator(unittest.TestCase):
    sign_in = console_test.ConsoleInABrowser.sign_in

    @classmethod
    def setUpClass(cls):
        cls.gate = console_test.Gate()
        cls.driver = console_test.browser()
        with open(os.path.join(cls.gate.directory, "kiosk", "token")) as file:
            cls.kiosk_token = file.read().strip()
        cls.gate.kiosk("tap", "--uid", "04A1B2C3")
        cls.gate.kiosk("sync", "--once")
        heartbeat = {
            "kioskId": "gate-1", "version": "0.3.0", "startedAt": now(-3600), "pending": 4,
            "oldestPendingAt": now(-900), "quarantined": 0, "clockSynced": True, "clockOffsetMs": 1500,
            "readers": [{"name": "entrance", "state": "up"}, {"name": "exit", "state": "failing"}],
            "journalBytes": 2_500_000, "freeBytes": 9_000_000_000, "checkpointSize": 1,
        }
        status, text = request(cls.gate.url + "/v1/heartbeat", cls.kiosk_token, heartbeat)
        assert status == 204, f"the heartbeat was answered {status}: {text}"
        cls.metrics_token = cls.gate.hub("token", "create", "--metrics").strip().splitlines()[-1]

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.gate.close()

    def heading(self):
        return self.driver.find_element(By.TAG_NAME, "h1").text

    def test_the_gates_page_shows_each_gate_as_a_tile(self):
        self.sign_in("asha")
        self.driver.get(self.gate.url + "/gates")
        self.assertEqual(self.heading(), "PG: Gates")
        tile = self.driver.find_element(By.CSS_SELECTOR, "li.tile[data-gate='gate-1']")
        self.assertIn("up", tile.find_element(By.CSS_SELECTOR, ".state").text)
        self.assertRegex(tile.text, r"4, the oldest 1\d min old")
        self.assertIn("entrance up, exit FAILING", tile.text)
        self.assertIn("1.5 s behind the hub", tile.text)
        failing = tile.find_elements(By.CSS_SELECTOR, "dd.warn")
        self.assertTrue(any("FAILING" in element.text for element in failing), "a failing reader is marked")

    def test_metrics_need_a_metrics_token_and_parse_as_prometheus_text(self):
        self.assertEqual(request(self.gate.url + "/metrics")[0], 401)
        self.assertEqual(request(self.gate.url + "/metrics", "not-a-token-of-this-hub")[0], 401)
        self.assertEqual(request(self.gate.url + "/metrics", self.kiosk_token)[0], 403)
        status, text = request(self.gate.url + "/metrics", self.metrics_token)
        self.assertEqual(status, 200)
        samples = [sample for family in text_string_to_metric_families(text) for sample in family.samples]
        names = {sample.name for sample in samples}
        self.assertTrue(CONTRACT_METRICS <= names, f"missing: {CONTRACT_METRICS - names}")

        def value(name, **labels):
            matching = [s.value for s in samples if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())]
            self.assertEqual(len(matching), 1, f"{name} {labels}")
            return matching[0]

        self.assertEqual(value("kiosk_hub_gate_up", property="default", gate="gate-1"), 1)
        self.assertEqual(value("kiosk_hub_gate_pending_events", property="default", gate="gate-1"), 4)
        self.assertEqual(value("kiosk_hub_gate_clock_offset_seconds", property="default", gate="gate-1"), 1.5)
        self.assertEqual(value("kiosk_hub_gate_reader_up", property="default", gate="gate-1", reader="exit"), 0)
        self.assertGreaterEqual(value("kiosk_hub_gate_oldest_pending_age_seconds", property="default", gate="gate-1"), 900)
        self.assertGreaterEqual(value("kiosk_hub_events_received_total", property="default"), 1)
        # No label carries a student's id, name, room or card.
        for sample in samples:
            for label in sample.labels.values():
                self.assertNotRegex(label, r"^S00\d$|Asha|Priya|04A1B2C", f"{sample.name} {sample.labels}")

    def test_every_metric_the_grafana_dashboard_queries_exists(self):
        with open(DASHBOARD, encoding="utf-8") as file:
            dashboard = json.load(file)
        queries = [target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])]
        queries += [variable["query"]["query"] for variable in dashboard["templating"]["list"] if variable["type"] == "query"]
        self.assertTrue(queries, "the dashboard queries something")
        status, text = request(self.gate.url + "/metrics", self.metrics_token)
        self.assertEqual(status, 200)
        names = {sample.name for family in text_string_to_metric_families(text) for sample in family.samples}
        for query in queries:
            used = set(re.findall(r"kiosk_hub_[a-z_]+", query))
            self.assertTrue(used, f"a query of no kiosk metric: {query}")
            self.assertTrue(used <= names, f"{query}: no such metric {used - names}")


if __name__ == "__main__":
    unittest.main(verbosity=2)
