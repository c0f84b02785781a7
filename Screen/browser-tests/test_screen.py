"""The cabinet screen in Debian's Chromium against the real simond (simulated cabinet)
and the real simon-web: the page follows the pads, a ranked game is named with the pads,
the attract table is the store's, the venue's tables follow it (through the real bridge
and broker), nothing leaves the page's origin, the API only reads, and simon-web
outlives a simond restart. Screenshots for docs/screen.md go to $SCREENSHOTS."""

import json
import os
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from cabinet import Cabinet, Venue, wait_for
from conftest import make_browser

PADS = ("green", "red", "yellow", "blue")


def text(browser, element_id):
    return browser.find_element(By.ID, element_id).text


def cells(browser, selector, cell="td"):
    """The text of each cell of each element `selector` matches, read in one script: the
    attract cycle redraws its table every 8 s, and rows read one by one could go stale
    between two reads."""
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])]"
        ".map((row) => [...row.querySelectorAll(arguments[1])].map((c) => c.innerText))",
        selector, cell)


def page_lit(browser):
    return {pad: "lit" in browser.find_element(By.CSS_SELECTOR, f'.pad[data-pad="{pad}"]')
            .get_attribute("class").split() for pad in PADS}


def visible(browser, view):
    return browser.find_element(By.ID, f"view-{view}").is_displayed()


def screenshot(browser, name):
    directory = os.environ.get("SCREENSHOTS")
    if directory:
        os.makedirs(directory, exist_ok=True)
        browser.save_screenshot(os.path.join(directory, name))


def open_page(browser, cabinet, query=""):
    browser.get(f"{cabinet.url}/{query}")
    wait_for(lambda: browser.title.startswith("Simon · "), what="the page to be greeted")
    assert not browser.find_element(By.ID, "offline").is_displayed()


def simon_shows(cabinet, rounds):
    """Waits for the player's turn of round `rounds` and returns the sequence Simon showed
    for it: the lamps lit between the last `simon` state and the `player` state."""
    def turn():
        view = cabinet.state()
        return view and view["phase"] == "player" and view["round"] == rounds
    wait_for(turn, 20, f"the player's turn in round {rounds}")
    messages = cabinet.control.messages()
    start = max(i for i, m in enumerate(messages)
                if "state" in m and m["state"]["phase"] == "simon")
    shown = []
    for message in messages[start:]:
        if "state" in message and message["state"]["phase"] == "player":
            break
        if "led" in message and message["on"]:
            shown.append(message["led"])
    assert len(shown) == rounds, shown
    return shown


def test_the_page_follows_the_pads(cabinet, browser):
    open_page(browser, cabinet, "?trace&kiosk")
    wait_for(lambda: text(browser, "message") == "Press a pad to play", what="the idle page")
    since = len(cabinet.control.messages())
    cabinet.press("green")
    for rounds in (1, 2, 3):
        sequence = simon_shows(cabinet, rounds)
        wait_for(lambda: text(browser, "message") == "Your turn", what="'Your turn' on the page")
        assert text(browser, "round") == str(rounds)
        for pad in sequence:
            cabinet.press(pad)
        wait_for(lambda: cabinet.state()["round"] == rounds + 1 or cabinet.state()["phase"] == "simon",
                 what="the next round")
    wait_for(lambda: text(browser, "message") == "Simon's turn", what="'Simon's turn'")
    wait_for(lambda: any(page_lit(browser).values()), what="a pad lit on the page during Simon's turn")
    screenshot(browser, "live-1920x1080.png")
    wait_for(lambda: text(browser, "points") == str(cabinet.state()["points"]), what="the points")
    assert int(text(browser, "points")) >= 30
    # Every lamp change simond sent, in its order and with its time, reached the page.
    lamps = [(m["led"], m["on"], m["t"]) for m in cabinet.control.messages()[since:] if "led" in m]
    def painted():
        paints = browser.execute_script("return window.simonPaints")
        return [(p["pad"], p["on"], p["t"]) for p in paints]
    wait_for(lambda: painted()[: len(lamps)] == lamps, what="every lamp change painted in order")
    # And what is lit now is what simond says is lit.
    wait_for(lambda: page_lit(browser) == {p: bool(cabinet.lamps().get(p)) for p in PADS},
             what="the page's lamps equal simond's")


def test_whose_turn_by_name_in_coop(cabinet, browser):
    open_page(browser, cabinet)
    for number, (key, value) in enumerate((("mode", "coop"), ("players", "2")), start=1):
        cabinet.control.send({"id": number, "request": "set", "key": key, "value": value})
        wait_for(lambda: any(m.get("ok") == number for m in cabinet.control.messages()),
                 what=f"simond to set {key}")
    cabinet.simonctl("players", "add", "Anna")
    cabinet.simonctl("players", "add", "O'Brien")
    cabinet.control.send({"id": 3, "request": "sign-in", "players": ["O'Brien", "Anna"]})
    wait_for(lambda: any(m.get("ok") == 3 for m in cabinet.control.messages()), what="the sign-in")
    wait_for(lambda: "O'Brien" in text(browser, "who"), what="who is signed in, as typed")
    cabinet.press("red")
    # Coop cues whose turn it is before Simon plays: wait for the turn itself.
    wait_for(lambda: cabinet.state()["phase"] == "player" and cabinet.state()["turn_name"],
             20, "the first player's turn")
    names = cabinet.state()["players"]
    turn = cabinet.state()["turn_name"]
    assert turn in names and names == ["O'Brien", "Anna"]
    wait_for(lambda: text(browser, "message") == f"{turn}'s turn", what=f"'{turn}'s turn'")
    chips = browser.find_elements(By.CSS_SELECTOR, "#players li")
    assert [chip.text for chip in chips] == names
    assert "turn" in chips[names.index(turn)].get_attribute("class")


def start_game(cabinet):
    """Presses green until a countdown begins: a press in the attract animation only
    wakes the cabinet, and the animation may begin just before a press."""
    for _ in range(3):
        cabinet.press("green")
        try:
            wait_for(lambda: cabinet.state()["phase"] == "countdown", 2, "the countdown")
            return
        except AssertionError:
            continue
    raise AssertionError(f"no game started: the cabinet is at {cabinet.state()['phase']}")


def play_to_game_over(cabinet, rounds=1):
    """Plays `rounds` rounds, repeating all but the last right, then a mistake."""
    start_game(cabinet)
    for round_number in range(1, rounds + 1):
        sequence = simon_shows(cabinet, round_number)
        if round_number < rounds:
            for pad in sequence:
                cabinet.press(pad)
    cabinet.press(next(pad for pad in PADS if pad != sequence[0]))
    cabinet.wait_phase("gameover", 20)


def spell(cabinet, name, browser=None, screenshot_as=None):
    """Spells `name` at the cabinet's name entry with the pads, as a player would: blue
    (down) or green (up), whichever is shorter, to each letter; red takes it; yellow is
    done with the last letter. Takes a screenshot before the last letter if asked."""
    wait_for(lambda: (cabinet.state() or {}).get("naming"), 15, "name entry")
    for index, wanted in enumerate(name):
        naming = cabinet.state()["naming"]
        alphabet = naming["alphabet"]
        steps = (alphabet.index(wanted) - alphabet.index(naming["letter"])) % len(alphabet)
        pad, count = ("blue", steps) if steps <= len(alphabet) // 2 else ("green", len(alphabet) - steps)
        for _ in range(count):
            before = cabinet.state()["naming"]["letter"]
            cabinet.press(pad, hold=0.04)
            wait_for(lambda: cabinet.state()["naming"]["letter"] != before, 5,
                     f"the letter after {before!r} spelling {name}: {cabinet.state()['naming']}")
        assert cabinet.state()["naming"]["letter"] == wanted
        if index < len(name) - 1:
            spelled = cabinet.state()["naming"]["spelled"]
            cabinet.press("red")
            wait_for(lambda: cabinet.state()["naming"]["spelled"] == spelled + wanted,
                     what=f"{wanted} taken")
    if browser and screenshot_as:
        wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "#naming-spell").text
                 .replace("␣", " ") == name, what="the name on the page")
        screenshot(browser, screenshot_as)
    cabinet.press("yellow")
    wait_for(lambda: cabinet.state().get("naming") is None, what="name entry to end")


def test_a_ranked_game_is_named_with_the_pads(cabinet, browser):
    open_page(browser, cabinet, "?kiosk")
    play_to_game_over(cabinet, rounds=3)
    # The page is watching and the game ranks (the table was empty): entry starts.
    wait_for(lambda: (cabinet.state() or {}).get("naming"), 15, "name entry at the cabinet")
    wait_for(lambda: visible(browser, "naming"), what="the name entry page")
    naming = cabinet.state()["naming"]
    assert naming["rank"] == 1
    wait_for(lambda: text(browser, "naming-title") == "#1 in the top ten!", what="the rank")
    spell(cabinet, "ZOE", browser, "name-entry-1920x1080.png")

    # The name is stored just after name entry ends (simond says scores_changed).
    def names():
        scores = json.loads(cabinet.simonctl("scores", "--json"))
        return [record["name"] for table in scores["tables"] for record in table["top"]]
    wait_for(lambda: names() == ["ZOE"], what=f"ZOE in the store (now {names()})")
    wait_for(lambda: visible(browser, "live"), what="the live page again")
    # The game's median reaction time stays in the figures until the next countdown.
    over = next(m["game_over"] for m in reversed(cabinet.control.messages()) if "game_over" in m)
    assert text(browser, "reaction") == f"{over['reaction']['median_ms']} ms"
    cabinet.press("green")
    cabinet.wait_phase("countdown", 10)
    wait_for(lambda: not browser.find_element(By.ID, "reaction-box").is_displayed(),
             what="the reaction figure gone at the next countdown")


@pytest.mark.attract_after(4)
def test_the_attract_table_is_the_stores(cabinet, browser):
    open_page(browser, cabinet, "?kiosk")
    for rounds, name in ((4, "ADA"), (2, "MAX"), (5, "KAI")):
        play_to_game_over(cabinet, rounds)
        spell(cabinet, name)
    cabinet.wait_phase("attract", 20)
    wait_for(lambda: visible(browser, "attract"), what="the attract page")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#attract-rows tr"), what="rows")
    screenshot(browser, "attract-1920x1080.png")
    rows = cells(browser, "#attract-rows tr")
    tables = json.loads(urllib.request.urlopen(f"{cabinet.url}/api/tables").read())["tables"]
    table = tables[0]
    assert text(browser, "attract-title").endswith(table["difficulty"])
    assert [[r[1], r[2], r[3]] for r in rows] == \
        [[rec["name"], str(rec["points"]), str(rec["rounds"])] for rec in table["records"]]
    stored = json.loads(cabinet.simonctl("scores", "--json", "--mode", table["mode"],
                                         "--difficulty", table["difficulty"]))
    assert [rec["id"] for rec in table["records"]] == [rec["id"] for rec in stored["tables"][0]["top"]]


@pytest.mark.attract_after(4)
def test_the_venue_tables_and_how_to_play_follow_in_the_attract_cycle(cabinet, browser):
    venue = Venue(cabinet)
    try:
        # Another cabinet's game, as its bridge publishes it.
        venue.publish("cab-2", 1, {
            "id": 1, "points": 200, "rounds": 18, "mode": "classic", "difficulty": "medium",
            "name": "ZED", "members": ["ZED"], "ending": "mistake",
            "started": "2026-11-20T18:00:00.000Z", "ended": "2026-11-20T18:03:00.000Z",
            "duration_ms": 180000})
        open_page(browser, cabinet, "?kiosk")
        # This cabinet's game, named with the pads after it ended: the bridge sends it
        # again with the name.
        play_to_game_over(cabinet, rounds=2)
        spell(cabinet, "ADA")
        cabinet.wait_phase("attract", 20)

        def venue_rows():
            if not text(browser, "attract-title").startswith("Venue top ten"):
                return None
            rows = cells(browser, "#attract-rows tr")
            return rows if len(rows) == 2 and rows[1][1] == "ADA" else None
        # The venue's card comes once per cycle (8 s a card, three cards): two cycles.
        rows = wait_for(venue_rows, 60, "the venue's table in the attract cycle")
        screenshot(browser, "attract-venue-1920x1080.png")
        headers = cells(browser, "#attract-head", "th")[0]
        assert headers == ["#", "Name", "Cabinet", "Points", "Rounds", "Date"]
        own = json.loads(cabinet.simonctl("scores", "--json"))["tables"][0]["top"][0]
        assert [r[:5] for r in rows] == [
            ["1", "ZED", "cab-2", "200", "18"],
            ["2", "ADA", "cab-1", str(own["points"]), str(own["rounds"])]]
        assert text(browser, "attract-title") == "Venue top ten · classic · medium"
        # Last in the cycle, for whoever walks up: how to play.
        wait_for(lambda: visible(browser, "how"), 20, "how to play in the attract cycle")
        served = json.loads(urllib.request.urlopen(f"{cabinet.url}/api/venue").read())
        assert served["merged"] == {"cab-1": 1, "cab-2": 1}
        # The venue page, for a screen with a pointer.
        browser.get(f"{cabinet.url}/#/venue")
        wait_for(lambda: visible(browser, "venue"), what="the venue page")
        wait_for(lambda: "cab-1 (1), cab-2 (1)" in text(browser, "venue-sub"), what="the cabinets")
        listed = [row[1:3] for row in cells(browser, "#venue-tables tbody tr")]
        assert listed == [["ZED", "cab-2"], ["ADA", "cab-1"]]
    finally:
        venue.stop()


@pytest.mark.attract_after(3)
def test_the_days_challenge_is_played_from_the_menu_and_shown_in_the_attract_cycle(
        cabinet, browser):
    """With its bridge, the cabinet knows the venue's challenge of the day: green held 4 s,
    then "today", starts it; the page names it, the game over gives its place of the day,
    and the attract cycle shows the venue's table of the day."""
    venue = Venue(cabinet)
    try:
        open_page(browser, cabinet, "?kiosk")
        cabinet.sim.send({"press": "green"})
        wait_for(lambda: ((cabinet.state() or {}).get("menu") or {}).get("page") == "challenge",
                 10, "the challenge page")
        cabinet.sim.send({"release": "green"})
        time.sleep(0.05)
        cabinet.press("yellow")
        wait_for(lambda: text(browser, "menu") == "Menu · challenge: today (2 of 2)", 10,
                 "today on the challenge page")
        # 5 s without a press: the menu closes on today, and the day's game begins.
        cabinet.wait_phase("countdown", 10)
        date = cabinet.state()["daily"]
        wait_for(lambda: text(browser, "rival") == f"The day's challenge · {date}", 10,
                 "the day's challenge named on the page")
        for pad in simon_shows(cabinet, 1):
            cabinet.press(pad)
        simon_shows(cabinet, 2)
        # No press: out in round 2, first of the day here.
        wait_for(lambda: text(browser, "celebration") == "#1 of the day", 15,
                 "the game's place of the day")
        venue.publish_daily("cab-2", date, [{
            "id": 1, "points": 200, "rounds": 18, "mode": "classic", "difficulty": "medium",
            "name": "ZED", "members": ["ZED"], "ending": "mistake",
            "started": f"{date}T08:00:00.000Z", "ended": f"{date}T08:03:00.000Z",
            "duration_ms": 180000}])
        cabinet.wait_phase("attract", 30)

        def daily_rows():
            if text(browser, "attract-title") != f"The day's challenge · {date} · venue":
                return None
            rows = cells(browser, "#attract-rows tr")
            return rows if len(rows) == 2 else None
        # Two cards a cycle (the day's, how to play), 8 s each.
        rows = wait_for(daily_rows, 40, "the venue's table of the day in the attract cycle")
        screenshot(browser, "daily-1920x1080.png")
        # (Points: 10 a round and a bonus for quick presses at medium.)
        assert [[row[1], row[2], row[4]] for row in rows] == [["ZED", "cab-2", "18"],
                                                              ["Player", "cab-1", "1"]]
        listed = cabinet.simonctl("daily", "--venue", "--venue-dir", cabinet.venue_dir)
        assert f"The day's challenge, {date} (classic, medium):" in listed, listed
        assert "ZED" in listed and "cab-2" in listed, listed
    finally:
        venue.stop()


def test_a_match_shows_each_cabinet_its_rival_live(cabinet, browser, tmp_path):
    """Two cabinets, their bridges and Mosquitto: cab-1 challenges cab-2; both pages show
    the challenge, then the rival's round and whether it is still in, then who won."""
    other = Cabinet(str(tmp_path))
    other.start_simond()
    other.start_web()
    venue = Venue(cabinet)
    second = make_browser(800, 480)
    try:
        venue.join(other, "cab-2")
        open_page(browser, cabinet, "?kiosk")
        open_page(second, other, "?kiosk")
        cabinet.simonctl("match", "challenge", "cab-2", "--no-wait",
                         "--control-socket", cabinet.control_socket)
        wait_for(lambda: text(second, "rival") == "Player at cab-1 challenges you", 15,
                 "the challenge on cab-2's page")
        assert text(second, "message") == "Press a pad to accept"
        assert text(browser, "rival") == "Challenge sent to cab-2"
        other.press("green")
        wait_for(lambda: text(browser, "rival") == "Match against Player at cab-2", 15,
                 "cab-1's page to show the match agreed")
        # One sequence: both repeat round 1; cab-1 repeats round 2, cab-2 misses it.
        first = simon_shows(cabinet, 1)
        assert simon_shows(other, 1) == first
        for pad in first:
            cabinet.press(pad)
            other.press(pad)
        wait_for(lambda: text(browser, "rival") == "Rival Player at cab-2: round 2, still in",
                 15, "cab-2 in round 2 on cab-1's page")
        screenshot(second, "match-800x480.png")
        second_round = simon_shows(cabinet, 2)
        assert simon_shows(other, 2) == second_round
        other.press(next(pad for pad in PADS if pad != second_round[0]))
        wait_for(lambda: text(browser, "rival") == "Rival Player at cab-2: out after 1 round",
                 15, "cab-2 out on cab-1's page")
        for pad in second_round:
            cabinet.press(pad)
        wait_for(lambda: text(browser, "rival") == "You beat Player at cab-2!", 15,
                 "the win on cab-1's page")
        wait_for(lambda: text(second, "rival") == "Player at cab-1 won", 15,
                 "the loss on cab-2's page")
        screenshot(browser, "match-won-1920x1080.png")
        listed = other.simonctl("match", "list")
        assert "Player at cab-1" in listed and "lost" in listed, listed
        # The venue's match table, as cab-2's bridge merged both sides.
        def venue_listed():
            text = other.simonctl("match", "list", "--venue", "--venue-dir", other.venue_dir)
            return text if "Player at cab-1 won" in text else None
        wait_for(venue_listed, 15, "the match in cab-2's venue match table")
    finally:
        second.quit()
        venue.stop()
        other.stop()


def test_the_page_asks_nothing_outside_its_origin(cabinet, browser):
    open_page(browser, cabinet)
    for route in ("#/recent", "#/venue", "#/how", "#/settings", "#/player/ANNA", "#/"):
        browser.get(f"{cabinet.url}/{route}")
        wait_for(lambda: browser.execute_script("return document.readyState") == "complete")
    own = cabinet.url.replace("http://", "")
    asked = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            asked.append(message["params"]["request"]["url"])
        elif message["method"] == "Network.webSocketCreated":
            asked.append(message["params"]["url"])
    assert asked, "no request was seen at all"
    outside = [url for url in asked
               if not (url.startswith(f"http://{own}/") or url.startswith(f"ws://{own}/")
                       or url.startswith("data:"))]
    assert outside == []
    # No script error and no policy violation (the 404 of a player nobody is, is none).
    errors = [e for e in browser.get_log("browser")
              if e["level"] == "SEVERE" and e["source"] != "network"]
    assert errors == [], errors


def test_the_settings_page_opened_directly_or_reloaded_shows_the_settings(cabinet, browser):
    cabinet.simonctl("settings", "set", "difficulty", "hard", "--control-socket",
                     cabinet.control_socket)
    cabinet.simonctl("settings", "set", "haptics", "off", "--control-socket",
                     cabinet.control_socket)
    expected = [["Mode", "classic", ""], ["Difficulty", "hard", "●"]]
    for _ in range(2):  # opened directly, then reloaded
        browser.get(f"{cabinet.url}/#/settings")
        wait_for(lambda: visible(browser, "settings"), what="the settings page")
        wait_for(lambda: cells(browser, "#settings-rows tr")[:2] == expected
                 and cells(browser, "#settings-rows tr")[-1] == ["Haptics", "off", "●"],
                 what=f"the settings in force (shown: {cells(browser, '#settings-rows tr')})")


def test_the_api_only_reads(cabinet):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/api/tables", "/api/status", "/api/players/ANNA", "/"):
            request = urllib.request.Request(f"{cabinet.url}{path}", method=method, data=b"{}")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request)
            assert refused.value.code == 405
            assert "read-only" in json.loads(refused.value.read())["error"]
    status = json.loads(urllib.request.urlopen(f"{cabinet.url}/api/status").read())
    assert status["link"]["up"] is True
    assert status["hello"]["hardware"] == "sim"


def test_simon_web_outlives_a_simond_restart(cabinet, browser):
    open_page(browser, cabinet)
    cabinet.stop_simond()
    wait_for(lambda: browser.find_element(By.ID, "offline").is_displayed(), what="the offline banner")
    assert "not running" in text(browser, "offline")
    cabinet.start_simond()
    wait_for(lambda: not browser.find_element(By.ID, "offline").is_displayed(), 10, "the banner to go")
    cabinet.sim.send({"press": "blue"})
    wait_for(lambda: page_lit(browser)["blue"], what="the page to follow the new simond")
    cabinet.sim.send({"release": "blue"})
    assert cabinet.web.poll() is None


def ten_games(cabinet):
    """A full top ten in the cabinet's scores.json, names short and long (simond reads
    the file for every `tables` request)."""
    names = ["ADA", "Wolfgang-Amadeus", "MAX", "Jo", "Kai Lee", "BEA", "Tom-Tom", "LU",
             "Zoe.O'Neil", "Player"]
    year = time.gmtime().tm_year
    records = [{
        "id": i + 1, "points": 200 - 15 * i, "rounds": 18 - i, "mode": "classic",
        "difficulty": "medium", "name": name, "members": [name], "ending": "mistake",
        "started": f"{year}-11-20T18:0{i}:00.000Z", "ended": f"{year}-11-20T18:0{i}:30.000Z",
        "duration_ms": 30000} for i, name in enumerate(names)]
    put_scores(cabinet, records)


def put_scores(cabinet, records):
    """Replaces the cabinet's scores.json with these records (format 2), as simond would
    leave it: every record recent, each in its table's top ten."""
    tables = {}
    for record in records:
        tables.setdefault((record["mode"], record["difficulty"]), []).append(record)
    book = {"version": 2, "next_id": len(records) + 1,
            "tables": [{"mode": mode, "difficulty": difficulty,
                        "top": sorted(top, key=lambda r: (-r["points"], -r["rounds"], r["id"]))[:10]}
                       for (mode, difficulty), top in tables.items()],
            "recent": records}
    path = os.path.join(cabinet.state_dir, "scores.json")
    with open(path + ".new", "w") as f:
        json.dump(book, f)
    os.replace(path + ".new", path)


def test_a_players_progress_is_charted_week_by_week(cabinet, browser):
    # Three weeks of ANNA's games (Tuesdays at noon UTC: the same week in any time zone),
    # the last without reaction times, as games recorded before they were kept.
    games = [("2026-11-03", 40, 4, [[500], [450, 400]]), ("2026-11-05", 20, 2, [[600]]),
             ("2026-11-10", 90, 9, [[300, 320]]), ("2026-11-24", 60, 6, None)]
    records = []
    for number, (day, points, rounds, reactions) in enumerate(games, start=1):
        record = {"id": number, "points": points, "rounds": rounds, "mode": "classic",
                  "difficulty": "medium", "name": "ANNA", "members": ["ANNA"],
                  "ending": "mistake", "started": f"{day}T12:00:00.000Z",
                  "ended": f"{day}T12:01:00.000Z", "duration_ms": 60000}
        if reactions:
            record["reactions_ms"] = reactions
        records.append(record)
    put_scores(cabinet, records)
    browser.get(f"{cabinet.url}/#/player/ANNA")

    def dots(series):
        return browser.execute_script(
            "return [...document.querySelectorAll(`svg[data-series='${arguments[0]}'] circle`)]"
            ".map((c) => [c.dataset.week, Number(c.dataset.value)])", series)
    wait_for(lambda: len(dots("best_rounds")) == 3, what="the chart of the best round")
    assert dots("best_rounds") == [["2026-11-02", 4], ["2026-11-09", 9], ["2026-11-23", 6]]
    assert dots("best_points") == [["2026-11-02", 40], ["2026-11-09", 90], ["2026-11-23", 60]]
    assert dots("median_reaction") == [["2026-11-02", 475], ["2026-11-09", 310]], \
        "the week without reaction times has no dot"
    assert text(browser, "player-sub") == "4 games (not a registered player) · reaction 425 ms median, 300 ms best"
    # Each line passes through its dots, left to right.
    line = browser.execute_script(
        "const s = document.querySelector(`svg[data-series='best_points']`);"
        "return [s.querySelector('polyline').getAttribute('points'),"
        " [...s.querySelectorAll('circle')].map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`).join(' ')]")
    assert line[0] == line[1]
    screenshot(browser, "player-progress-1920x1080.png")


# The smallest text on the 7" display, in CSS pixels: read at arm's length.
SMALLEST_TEXT_PX = 18


def smallest_text(browser, view):
    """The smallest font size of any visible text in the view, and where."""
    return browser.execute_script("""
        let smallest = [1e9, ''];
        for (const element of document.querySelectorAll(`header *, #view-${arguments[0]} *`)) {
          const text = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
          if (!element.offsetParent || !text) continue;
          const size = parseFloat(getComputedStyle(element).fontSize);
          if (size < smallest[0]) smallest = [size, element.id || element.tagName];
        }
        return smallest;""", view)


@pytest.mark.attract_after(4)
def test_the_small_display_fits(cabinet):
    ten_games(cabinet)
    small = make_browser(800, 480)
    try:
        open_page(small, cabinet, "?kiosk")
        sizes = small.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
            " innerWidth, innerHeight]")
        assert sizes[0] <= sizes[2] and sizes[1] <= sizes[3], sizes
        pads = small.find_element(By.ID, "pads").rect
        assert pads["width"] >= 300 and pads["y"] + pads["height"] <= 480, pads
        size, where = smallest_text(small, "live")
        assert size >= SMALLEST_TEXT_PX, f"{where}: {size} px"
        screenshot(small, "live-800x480.png")

        # The attract animation's top ten: all ten rows on screen, no figure cut.
        cabinet.wait_phase("attract", 20)
        wait_for(lambda: visible(small, "attract") and len(cells(small, "#attract-rows tr")) == 10,
                 20, "the top ten on the attract page")
        screenshot(small, "attract-800x480.png")
        main = small.execute_script(
            "const m = document.querySelector('main'); return [m.scrollHeight, m.clientHeight]")
        assert main[0] <= main[1], f"the top ten does not fit: {main}"
        cut = small.execute_script(
            "return [...document.querySelectorAll('#attract-rows td.num')]"
            ".filter((td) => td.scrollWidth > td.clientWidth).map((td) => td.innerText)")
        assert cut == [], f"figures cut: {cut}"
        size, where = smallest_text(small, "attract")
        assert size >= SMALLEST_TEXT_PX, f"{where}: {size} px"
    finally:
        small.quit()


def test_the_small_display_fits_every_figure(cabinet):
    """After a game with presses the live page shows four figures (round, points, best,
    reaction): at 800x480 they wrap rather than push the page sideways."""
    small = make_browser(800, 480)
    try:
        open_page(small, cabinet, "?kiosk")
        play_to_game_over(cabinet, rounds=2)
        wait_for(lambda: small.find_element(By.ID, "reaction-box").is_displayed(), 10,
                 "the reaction figure")
        main = small.execute_script(
            "const m = document.querySelector('main');"
            " return [m.scrollWidth, m.clientWidth, m.scrollHeight, m.clientHeight]")
        screenshot(small, "live-figures-800x480.png")
        assert main[0] <= main[1] and main[2] <= main[3], f"the live page does not fit: {main}"
        cut = small.execute_script(
            "return [...document.querySelectorAll('.figures dd')]"
            ".filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => dd.innerText)")
        assert cut == [], f"figures cut: {cut}"
    finally:
        small.quit()
