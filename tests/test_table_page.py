"""The table server's HTML page in a real headless browser (Debian's chromium and chromedriver,
driven by selenium), at 1200×900 and on a phone's 390×844: it loads, fits the screen, shows the
hand, plays a legal move by clicking cards, shows the refusal reason for an illegal one, lists the
hints one a line by chance, and reaches the settlement screen, which a language switch rewrites;
the browser logs no error and the server answers no request with an error status.

The docs' pictures of the page are taken by ``tools/page_pictures.py``; the last test runs it.
"""

from __future__ import annotations

import functools
import itertools
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from extras import skip_reason

pytest.importorskip("websockets", reason=skip_reason("websockets"))
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
    pytest.skip("needs Debian's chromium and chromium-driver (.ci/run installs them)", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from websockets.asyncio.server import ServerConnection  # noqa: E402
from websockets.http11 import Request, Response  # noqa: E402

from tienlen import HOUSE, classify, explain  # noqa: E402
from tools.page_pictures import (  # noqa: E402
    FOLDER,
    PHONE,
    PICTURES,
    WIDE,
    browser as open_browser,
    in_play_to_act,
    png_facts,
    serve,
    take,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from table_server.server import Lobby  # noqa: E402

SIZES = pytest.mark.parametrize("browser", [WIDE, PHONE], indirect=True, ids=["1200x900", "390x844"])
"""Run a test at both sizes: a desktop window, and a phone's screen."""
GOLD = "rgb(242, 193, 78)"
"""The page's buttons' colour (``--gold``)."""


class Recording(Lobby):
    """The table server, keeping the path and status of every HTTP response it gives (101: a
    WebSocket handshake let through)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.responses: list[tuple[str, int]] = []

    def page(self, connection: ServerConnection, request: Request) -> Response | None:
        response = super().page(connection, request)
        self.responses.append((request.path, 101 if response is None else response.status_code))
        return response


@pytest.fixture(scope="module")
def lobby() -> Recording:
    return Recording(seeds=itertools.count(4).__next__)


@pytest.fixture(scope="module")
def server(lobby: Recording) -> Iterator[int]:
    """The table server on a free port of 127.0.0.1, in a thread of its own."""
    with serve(lobby) as port:
        yield port


@pytest.fixture
def browser(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[webdriver.Chrome]:
    """Headless Chromium at 1200×900, or at the size a test is parametrized with (:data:`SIZES`)."""
    driver = open_browser(getattr(request, "param", WIDE), tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def state(driver: webdriver.Chrome) -> dict[str, Any]:
    """What the page knows: its view, whether the settlement screen shows, the reason, the hints
    (each option's text) and the picture of the other seats shown."""
    found: dict[str, Any] = driver.execute_script(
        "return {view: view, seat: seat, settled: $('settlement').style.display === 'flex', reason: $('reason').textContent,"
        " hints: [...document.querySelectorAll('#hints li')].map((li) => li.textContent), picture: $('picture').textContent}"
    )
    return found


def _moved_on(driver: webdriver.Chrome, before: object) -> bool:
    """The round is settled, or play has moved on from ``before`` and it is this player's turn."""
    return bool(state(driver)["settled"]) or (state(driver)["view"]["history"] != before and my_turn(driver))


def my_turn(driver: webdriver.Chrome) -> bool:
    now = state(driver)
    return bool(now["settled"] or (now["view"] and now["view"]["to_act"] == now["seat"]))


def click_cards(driver: webdriver.Chrome, cards: str) -> None:
    for card in cards.split():
        driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()


def too_wide(driver: webdriver.Chrome) -> list[str]:
    """What sticks out of the screen sideways: the document, if it is wider than the window, and
    each shown element whose box starts left of it or ends right of it."""
    found: list[str] = driver.execute_script(
        """const width = document.documentElement.clientWidth, out = [];
        if (document.documentElement.scrollWidth > width) out.push(`the document is ${document.documentElement.scrollWidth} px wide`);
        for (const el of document.body.querySelectorAll('*')) {
          const box = el.getBoundingClientRect();
          if (box.width && box.height && (box.left < -0.5 || box.right > width + 0.5))
            out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} from ${box.left} to ${box.right}`);
        }
        return out;"""
    )
    return found


def on_screen(driver: webdriver.Chrome, selector: str) -> list[str]:
    """The elements ``selector`` finds that are not wholly on the screen sideways (or not shown)."""
    found: list[str] = driver.execute_script(
        """const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll(arguments[0])].filter((el) => {
          const box = el.getBoundingClientRect();
          return !(box.width && box.height && box.left >= -0.5 && box.right <= width + 0.5);
        }).map((el) => el.id || el.textContent);""",
        selector,
    )
    return found


def assert_fits(driver: webdriver.Chrome, *shown: str) -> None:
    """Nothing is wider than the screen, and the elements ``shown`` are on it."""
    assert driver.execute_script("return document.documentElement.clientWidth") == driver.execute_script("return innerWidth")
    assert too_wide(driver) == []
    for selector in shown:
        assert driver.find_elements(By.CSS_SELECTOR, selector), selector
        assert on_screen(driver, selector) == [], selector


def assert_quiet(driver: webdriver.Chrome, lobby: Recording, since: int) -> None:
    """The browser's console holds no error (a failed load is one), and the server answered no
    request since response ``since`` with an error status."""
    logged = driver.get_log("browser")  # type: ignore[no-untyped-call]  # selenium does not type it
    assert [entry["message"] for entry in logged if entry["level"] == "SEVERE"] == []
    assert [(path, status) for path, status in lobby.responses[since:] if status >= 400] == []


def assert_hints_by_chance(hints: list[str], pattern: str) -> None:
    """The options read one a line, each matching ``pattern`` (its chance and its money as groups),
    highest chance first, and at an equal chance the most money first."""
    found = [re.fullmatch(pattern, hint) for hint in hints]
    assert hints and all(found), hints
    keys = [(int(m.group(1)), int(re.sub(r"[,.]", "", m.group(2)))) for m in found if m]
    assert keys == sorted(keys, reverse=True), hints


def assert_log_shows_six_whole_lines(driver: webdriver.Chrome) -> None:
    """The move log holds the last six events, each line wholly inside the log's box."""
    clipped = driver.execute_script(
        """const log = $('log').getBoundingClientRect();
        return [...$('log').children].filter((line) => {
          const box = line.getBoundingClientRect();
          return box.top < log.top - 0.5 || box.bottom > log.bottom + 0.5 || box.right > log.right + 0.5;
        }).length + ($('log').scrollHeight > $('log').clientHeight + 1 ? 100 : 0);"""
    )
    assert len(driver.find_elements(By.CSS_SELECTOR, "#log > div")) == 6
    assert clipped == 0


@SIZES
def test_a_person_plays_a_round_against_three_bots(server: int, lobby: Recording, browser: webdriver.Chrome) -> None:
    """A whole round, with the page checked at each step to fit the screen and show what matters:
    the language, the status, the hand, the hint; then the settlement, rewritten by a language switch."""
    since = len(lobby.responses)
    wait = WebDriverWait(browser, 60)
    browser.get(f"http://127.0.0.1:{server}/")
    assert browser.title == "Tiến Lên table"
    assert_fits(browser, "#lang", "#status", "#start")
    assert not browser.find_element(By.ID, "hint").is_enabled()  # nothing to hint before a table
    browser.execute_script("$('hint').onclick()")  # and nothing is sent without a connection (no TypeError)
    browser.find_element(By.ID, "start").click()
    wait.until(in_play_to_act)
    assert_fits(browser, "#lang", "#status", "#hand .card", "#play", "#pass", "#hint")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13

    # An illegal play: two cards of different ranks are no combination; the reason is shown.
    hand = state(browser)["view"]["hand"].split()
    click_cards(browser, f"{hand[0]} {hand[-1]}")
    browser.find_element(By.ID, "play").click()
    wait.until(lambda d: state(d)["reason"])
    reason = state(browser)["reason"]
    assert reason == explain(f"{hand[0]} {hand[-1]}", None, HOUSE) or "cannot" in reason, reason
    click_cards(browser, f"{hand[0]} {hand[-1]}")  # put them back

    # A hint: one option a line, by chance as a player reads them, all on the screen.
    browser.find_element(By.ID, "hint").click()
    wait.until(lambda d: state(d)["hints"])
    assert_hints_by_chance(state(browser)["hints"], r"(?:play [^:]+|pass): first (\d+)%, ([+-]?[\d,]+) \(\d+ deals tried\)")
    tops = browser.execute_script("return [...document.querySelectorAll('#hints li')].map((li) => li.getBoundingClientRect())")
    assert all(below["top"] >= above["bottom"] - 0.5 for above, below in itertools.pairwise(tops))
    assert_fits(browser, "#lang", "#status", "#hand .card", "#hints li", "#hint")

    plays, logged = 0, False
    while not state(browser)["settled"]:
        view = state(browser)["view"]
        before = view["history"]
        if len(before) >= 6 and not logged:
            assert_log_shows_six_whole_lines(browser)
            logged = True
        assert browser.find_element(By.ID, "hint").is_enabled() == bool(view["legal_actions"])
        play = next((a for a in view["legal_actions"] if a["combo"] is not None), None)
        if play is None:
            browser.find_element(By.ID, "pass").click()
        else:
            cards = play["combo"]["cards"]
            assert classify(cards, HOUSE)  # a legal play, clicked card by card
            click_cards(browser, cards)
            browser.find_element(By.ID, "play").click()
            plays += 1
        wait.until(functools.partial(_moved_on, before=before))
        assert too_wide(browser) == []
    assert plays >= 1 and logged

    # The settlement: lines in English with thousands separators, totals by seat, Next round styled.
    panel = browser.find_element(By.ID, "settlement")
    assert panel.is_displayed() and "Round over" in panel.text and "Net (chips)" in panel.text
    assert not browser.find_element(By.ID, "hint").is_enabled()
    amounts = [int(t["amount"]) for t in browser.execute_script("return lastSettlement.settlement.transfers")]
    for shown in (f"{a:,}" for a in amounts if a >= 1000):
        assert shown in panel.text, (shown, panel.text)  # thousands separators
    totals = browser.execute_script("return lastSettlement.totals")
    names = ["Seat 0 (you)", "Seat 1", "Seat 2", "Seat 3"]
    expected = "Totals: " + " · ".join(f"{name} {'+' if v > 0 else ''}{v:,}" for name, v in zip(names, totals, strict=True))
    assert browser.find_element(By.ID, "totals").text == expected
    assert browser.execute_script("return getComputedStyle($('next')).backgroundColor") == GOLD
    assert_fits(browser, "#settlement .panel", "#transfers li", "#net", "#totals", "#next", "#lang")
    seats = browser.find_elements(By.CSS_SELECTOR, ".seat .name")
    assert seats and all(s.text.endswith("(bot)") for s in seats)  # one person, three bots

    # The language switched at the settlement: the payment lines are written again.
    english = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#transfers li")]
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    wait.until(lambda d: d.find_element(By.ID, "net").text.startswith("Tổng (chip): ghế 0 "))
    vietnamese = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#transfers li")]
    assert len(vietnamese) == len(english) and all(re.match(r"ghế \d trả ghế \d [\d.]+: ", line) for line in vietnamese)
    assert browser.find_element(By.ID, "totals").text.startswith("Cộng dồn: Ghế 0 (bạn) ")
    assert browser.find_element(By.ID, "next").text == "Ván sau"
    assert_fits(browser, "#settlement .panel", "#transfers li", "#totals", "#next")
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    wait.until(lambda d: d.find_element(By.ID, "net").text.startswith("Net (chips): seat 0 "))
    assert [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#transfers li")] == english

    browser.find_element(By.ID, "next").click()  # the panel closes, and the next round is dealt
    wait.until(lambda d: d.execute_script("return view.history.length < 6 || lastSettlement.round > 1"))
    assert_quiet(browser, lobby, since)


def test_the_page_speaks_vietnamese_and_switches_back(server: int, browser: webdriver.Chrome) -> None:
    """The language switch: the page's own words, and the library's reasons the server sends, in
    Vietnamese; switched back mid-round, in English again."""
    wait = WebDriverWait(browser, 30)
    browser.get(f"http://127.0.0.1:{server}/")
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    assert browser.find_element(By.ID, "start").text == "Bàn mới"
    assert browser.find_element(By.CSS_SELECTOR, "[data-t=bots]").text == "Bot"  # the glossary's word
    browser.find_element(By.ID, "start").click()
    wait.until(in_play_to_act)
    assert browser.find_element(By.ID, "play").text == "Đánh"
    assert browser.find_element(By.ID, "me-name").text.startswith("Bạn, ghế")
    assert all(s.text.endswith("(bot)") for s in browser.find_elements(By.CSS_SELECTOR, ".seat .name"))

    hand = state(browser)["view"]["hand"].split()
    wrong = f"{hand[0]} {hand[-1]}"  # two ranks: no combination
    click_cards(browser, wrong)
    browser.find_element(By.ID, "play").click()
    wait.until(lambda d: state(d)["reason"])
    assert state(browser)["reason"] == explain(wrong, None, HOUSE, lang="vi")
    browser.execute_script("receive({type: 'refused', code: 'no-round', reason: 'no round is being played; send next to deal'})")
    assert state(browser)["reason"] == "chưa có ván nào; bấm Ván sau để chia bài"

    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert browser.find_element(By.ID, "play").text == "Play"
    browser.execute_script("$('reason').textContent = ''")
    browser.find_element(By.ID, "play").click()  # the same cards are still picked
    wait.until(lambda d: state(d)["reason"])
    assert state(browser)["reason"] == explain(wrong, None, HOUSE)


@SIZES
def test_the_hints_are_written_in_the_pages_language(server: int, browser: webdriver.Chrome) -> None:
    """A hint in Vietnamese names its move in Vietnamese (``đánh 3♠``, ``bỏ lượt``), not ``seat 0 pass``,
    and its amount with ``.`` for thousands, one option a line, highest chance first."""
    wait = WebDriverWait(browser, 60)
    browser.get(f"http://127.0.0.1:{server}/")
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    browser.find_element(By.ID, "start").click()
    wait.until(in_play_to_act)
    browser.find_element(By.ID, "hint").click()
    wait.until(lambda d: state(d)["hints"])
    hints = state(browser)["hints"]
    assert_hints_by_chance(hints, r"(?:đánh [^:]+|bỏ lượt): về nhất (\d+)%, ([+-]?[\d.]+) \(thử \d+ ván\)")
    assert not any("seat" in hint for hint in hints)
    # what the search infers of the others: each seat's chance of holding a 2, in Vietnamese
    seats = str(state(browser)["picture"]).split(" · ")
    assert len(seats) == 3 and all(re.fullmatch(r"ghế [123]: \d+% có heo", s) for s in seats), seats
    assert_fits(browser, "#hints li", "#picture", "#hand .card")


def test_picked_cards_stay_highlighted_when_the_language_changes(server: int, browser: webdriver.Chrome) -> None:
    """A newcomer's report: switching the language redrew the hand without the highlight, while the
    cards stayed picked, so the play button played cards that did not look selected."""
    wait = WebDriverWait(browser, 60)
    browser.get(f"http://127.0.0.1:{server}/")
    browser.find_element(By.ID, "start").click()
    wait.until(in_play_to_act)
    browser.find_element(By.CSS_SELECTOR, "#hand .card").click()
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    picked = browser.find_elements(By.CSS_SELECTOR, "#hand .card.picked")
    assert len(picked) == 1


@SIZES
def test_an_instant_win_is_named_in_the_pages_language(browser: webdriver.Chrome) -> None:
    """Every deal of seed 11 gives seat 1 a dragon: the round is over at the deal, and the
    settlement names the pattern in Vietnamese, then in English after a switch."""
    lobby = Recording(seeds=lambda: 11, workers=1)
    with serve(lobby) as port:
        wait = WebDriverWait(browser, 30)
        browser.get(f"http://127.0.0.1:{port}/")
        Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
        browser.find_element(By.ID, "start").click()
        wait.until(lambda d: state(d)["settled"])
        assert browser.find_element(By.ID, "places").text == "Ghế 1 tới trắng bằng sảnh rồng"
        assert_fits(browser, "#settlement .panel", "#places li", "#transfers li", "#next")
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        wait.until(lambda d: d.find_element(By.ID, "places").text == "Seat 1 wins at once with dragon")
        assert_quiet(browser, lobby, 0)


def test_the_docs_pictures_are_what_the_script_makes(server: int, tmp_path: Path) -> None:
    """``tools/page_pictures.py`` takes its pictures of the page as it is, and they come out the
    size of the committed ones (which ``tests/test_tools.py`` checks were taken of this page)."""
    taken = take(server, tmp_path)
    assert [path.name for path in taken] == list(PICTURES)
    for path in taken:
        assert png_facts(path)[:2] == png_facts(FOLDER / path.name)[:2] == WIDE
