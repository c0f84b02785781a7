"""The cabinet screen's figures (scripts/bench bench-screen), with release builds of simond
and simon-web and Debian's headless Chromium:
- lamp change -> page painted: from simond's event time (CLOCK_MONOTONIC, in the control
  line) to the frame after the page's lamp changed, p50/p99 (target p99 <= 33 ms);
- page weight: every byte the page loads (target <= 200 KB);
- simon-web idle with a page open: CPU ticks and context switches over 20 s (target 0
  ticks), and its resident memory.
The page is the kiosk's (/?kiosk), the cabinet's own screen: only it makes a ranked game
ask for a name. Every wait is bounded; a run that fails (a page that does not load, a
game or a name entry that does not come) says what it waited for and exits 1.
  bench_screen.py [--games N] [--rounds N] [--smoke]"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

from cabinet import Cabinet, wait_for
from conftest import make_browser

PADS = ("green", "red", "yellow", "blue")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def simon_sequence(cabinet, rounds):
    def turn():
        view = cabinet.state()
        return view and view["phase"] == "player" and view["round"] == rounds
    wait_for(turn, 30, f"round {rounds}")
    messages = cabinet.control.messages()
    start = max(i for i, m in enumerate(messages) if "state" in m and m["state"]["phase"] == "simon")
    return [m["led"] for m in messages[start:] if "led" in m and m["on"]][:rounds]


def task_counters(pid):
    ticks = switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
        with open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    switches += int(line.split()[1])
    return ticks, switches


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def count(text):
    """A whole number of 1 or more, for argparse; anything else is a usage error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main():
    parser = argparse.ArgumentParser(
        prog="bench-screen",
        description="Times the cabinet screen in headless Chromium: lamp change to page "
        "painted, page weight, and simon-web while idle.",
    )
    parser.add_argument("--games", type=count, default=3, help="games played (default: 3)")
    parser.add_argument(
        "--rounds", type=count, default=8, help="rounds of each game (default: 8)"
    )
    parser.add_argument(
        "--smoke", action="store_true",
        help="a short run that shows it still works: 1 game of 2 rounds, 2 s idle (--games "
        "and --rounds do not apply); its figures are not worth reading")
    options = parser.parse_args()
    try:
        measure(games=1 if options.smoke else options.games,
                rounds_per_game=2 if options.smoke else options.rounds,
                settle_s=1 if options.smoke else 3, idle_s=2 if options.smoke else 20)
    except Exception as error:  # any failure ends the run the same way: said, exit 1
        print(f"bench-screen: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


def measure(games, rounds_per_game, settle_s, idle_s):
    directory = tempfile.mkdtemp(prefix="simon-bench-screen-")
    cabinet = Cabinet(directory)
    browser = None
    try:
        cabinet.start_simond()
        cabinet.start_web()
        browser = make_browser()
        # Bounds on the browser's own waits: a page load, a script.
        browser.set_page_load_timeout(30)
        browser.set_script_timeout(30)
        # The kiosk's page: only the cabinet's own screen makes the pads spell a name.
        browser.get(f"{cabinet.url}/?trace&kiosk")
        wait_for(lambda: browser.execute_script("return document.getElementById('message').textContent")
                 == "Press a pad to play", what="the page")
        # CLOCK_MONOTONIC (simond's t, Python's monotonic) to the epoch (the browser's clock).
        offsets = []
        for _ in range(50):
            before = time.time()
            mono = time.monotonic()
            offsets.append((before + time.time()) / 2 - mono)
        epoch_minus_mono = statistics.median(offsets)

        for _ in range(games):
            cabinet.press("green")
            for rounds in range(1, rounds_per_game + 1):
                sequence = simon_sequence(cabinet, rounds)
                if rounds == rounds_per_game:
                    cabinet.press(next(p for p in PADS if p != sequence[0]))
                    break
                for pad in sequence:
                    cabinet.press(pad, hold=0.05)
            cabinet.wait_phase("gameover", 30)
            # The page is open, so a ranked game asks for a name: yellow takes the letter.
            wait_for(lambda: (cabinet.state() or {}).get("naming"), 15,
                     "name entry (the kiosk's page asks for it after a ranked game)")
            cabinet.press("yellow")
            wait_for(lambda: (cabinet.state() or {}).get("naming") is None, 15,
                     "name entry to end")
            time.sleep(1.5)  # the pads' flash after a name
        lamps = [m for m in cabinet.control.messages() if "led" in m]
        wait_for(lambda: len(browser.execute_script("return window.simonPaints")) >= len(lamps),
                 20, "every lamp change painted")
        paints = browser.execute_script("return window.simonPaints")
        if not paints:
            raise AssertionError(f"the page painted none of {len(lamps)} lamp changes")
        latencies = [p["painted"] - (p["t"] / 1e9 + epoch_minus_mono) * 1000 for p in paints]
        p50, p99 = percentile(latencies, 0.50), percentile(latencies, 0.99)
        print(f"lamp change -> page painted ({len(latencies)} changes, {games} games): "
              f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(latencies):.1f} ms "
              f"(target p99 <= 33 ms) {'met' if p99 <= 33 else 'NOT MET'}")

        weight = browser.execute_script("""
          const entries = [performance.getEntriesByType('navigation')[0],
                           ...performance.getEntriesByType('resource')];
          return entries.map(e => [e.name, e.encodedBodySize]);""")
        total = sum(size for _, size in weight)
        files = ", ".join(f"{name.rsplit('/', 1)[-1] or 'index'} {size / 1000:.1f}" for name, size in weight)
        print(f"page weight: {total / 1000:.1f} KB in {len(weight)} files ({files} KB) "
              f"(target <= 200 KB) {'met' if total <= 200_000 else 'NOT MET'}")

        time.sleep(settle_s)
        ticks0, switches0 = task_counters(cabinet.web.pid)
        time.sleep(idle_s)
        ticks1, switches1 = task_counters(cabinet.web.pid)
        print(f"simon-web idle, a page open, {idle_s} s: {ticks1 - ticks0} CPU ticks (target 0) "
              f"{'met' if ticks1 == ticks0 else 'NOT MET'}, {switches1 - switches0} context switches, "
              f"RSS {resident_kb(cabinet.web.pid) / 1024:.1f} MB")
    finally:
        if browser:
            browser.quit()
        cabinet.stop()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
