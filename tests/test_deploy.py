"""deploy/ agrees with the code and the README: one install step, the metrics
the alert rules and the dashboard read exist (and the dashboard shows every
one), and Prometheus scrapes the port the compose file gives the bot.
(.ci/deploy lints and validates the files themselves.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from bot.metrics import Metrics

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
METRIC = re.compile(r"\btablebot_[a-z_]+")
SUFFIXES = ("_total", "_bucket", "_count", "_sum")


def families() -> set[str]:
    return {family.name for family in Metrics().registry.collect()}


def named(text: str) -> set[str]:
    """The metric families ``text`` names (a series' suffix taken off)."""
    out = set()
    for name in METRIC.findall(text):
        for suffix in SUFFIXES:
            name = name.removesuffix(suffix)
        out.add(name)
    return out


def install_step() -> str:
    (line,) = [
        line.strip()
        for line in (ROOT / "README.md").read_text().splitlines()
        if "pip install --no-cache-dir" in line
    ]
    return line


def test_the_image_and_the_unit_install_as_the_readme_says() -> None:
    step = install_step()
    assert step.startswith("python3 -m venv /opt/tablebot/.venv && ")
    dockerfile = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    (run,) = [line for line in dockerfile.splitlines() if "pip install" in line]
    assert run.startswith(f"RUN {step} "), run
    unit = (DEPLOY / "tablebot.service").read_text()
    assert f"#   {step}\n" in unit
    assert "ExecStart=/opt/tablebot/.venv/bin/python -m bot" in unit


def test_the_rules_and_the_dashboard_read_metrics_that_exist() -> None:
    rules = (DEPLOY / "prometheus" / "rules.yml").read_text()
    dashboard = json.loads((DEPLOY / "grafana" / "tablebot.json").read_text())
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    known = families()
    assert named(rules) and named(rules) <= known, named(rules) - known
    shown = named("\n".join(exprs))
    assert shown == known, ("missing", known - shown, "unknown", shown - known)
    alerts = [r["alert"] for g in yaml.safe_load(rules)["groups"] for r in g["rules"]]
    tested = (DEPLOY / "prometheus" / "rules.test.yml").read_text()
    for alert in ("Tablebot429Storm", "TablebotOutboxBehind", "TablebotRedisErrors"):
        assert alert in alerts and f"alertname: {alert}" in tested
    assert "alertname: TablebotScreensNotConverging" in tested


def test_the_readme_lists_every_metric() -> None:
    readme = (ROOT / "README.md").read_text()
    assert families() <= named(readme)


def test_prometheus_scrapes_the_port_compose_gives_the_bot() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    (job,) = config["scrape_configs"]
    (sd,) = job["dns_sd_configs"]
    bots = [name for name, service in compose["services"].items() if "build" in service]
    assert sorted(sd["names"]) == sorted(bots) == ["bot", "bot-cluster"]
    for service in bots:
        environment = compose["services"][service]["environment"]
        assert environment["METRICS_PORT"] == str(sd["port"])
        assert environment["METRICS_HOST"] == "0.0.0.0"
    assert "ports" not in compose["services"]["bot"], "/metrics stays on the compose network"
