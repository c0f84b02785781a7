"""Fixtures: a cabinet of real programs per test, and Debian's Chromium, headless, driven
through Debian's chromedriver (never downloaded, no statistics sent)."""

import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from cabinet import Cabinet

os.environ.setdefault("SE_AVOID_STATS", "true")
os.environ.setdefault("SE_OFFLINE", "true")


@pytest.fixture
def cabinet(request):
    directory = tempfile.mkdtemp(prefix="simon-screen-")
    marker = request.node.get_closest_marker("attract_after")
    made = Cabinet(directory, attract_after_s=marker.args[0] if marker else 600)
    made.start_simond()
    made.start_web()
    yield made
    made.stop()
    shutil.rmtree(directory, ignore_errors=True)


def make_browser(width=1920, height=1080):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps", "--hide-scrollbars",
                     "--force-device-scale-factor=1", f"--window-size={width},{height}",
                     "--disable-features=Translate,OptimizationHints,MediaRouter"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    browser = webdriver.Chrome(service=service, options=options)
    # The page's own size exactly, as on the cabinet's display (the window has a frame).
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1,
                             "mobile": False})
    return browser


@pytest.fixture
def browser():
    made = make_browser()
    yield made
    made.quit()


def pytest_configure(config):
    config.addinivalue_line("markers", "attract_after(seconds): simond's [attract] after_s")
