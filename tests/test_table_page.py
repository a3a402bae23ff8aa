"""The table server's HTML page in a real headless browser (Debian's chromium and chromedriver,
driven by selenium): it loads, shows the hand, plays a legal move by clicking cards, shows the
refusal reason for an illegal one, and reaches the settlement screen.

Set ``TIENLEN_SCREENSHOT=path.png`` to keep a picture of the table (docs/_static/table-server.png
was made so), ``TIENLEN_SCREENSHOT_VI=path.png`` one of the table in Vietnamese
(docs/_static/table-server-vi.png).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import re
import shutil
import sys
import threading
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
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tienlen import HOUSE, classify, explain  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from table_server.server import Lobby, start  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    """The table server on a free port of 127.0.0.1, in a thread of its own."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    stop = asyncio.Event()
    port: list[int] = []

    async def main() -> None:
        async with await start(Lobby(seeds=itertools.count(4).__next__), "127.0.0.1", 0) as running:
            port.append(next(iter(running.sockets)).getsockname()[1])
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(30), "the server did not start"
    yield port[0]
    loop.call_soon_threadsafe(stop.set)
    thread.join(30)
    loop.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=1100,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def state(driver: webdriver.Chrome) -> dict[str, Any]:
    """What the page knows: its view, whether the settlement screen shows, and the reason shown."""
    found: dict[str, Any] = driver.execute_script(
        "return {view: view, seat: seat, settled: $('settlement').style.display === 'flex', reason: $('reason').textContent,"
        " picture: $('picture').textContent}"
    )
    return found


def _moved_on(driver: webdriver.Chrome, before: object) -> bool:
    """The round is settled, or play has moved on from ``before`` and it is this player's turn."""
    return bool(state(driver)["settled"]) or (state(driver)["view"]["history"] != before and my_turn(driver))


def my_turn(driver: webdriver.Chrome) -> bool:
    now = state(driver)
    return bool(now["settled"] or (now["view"] and now["view"]["to_act"] == now["seat"]))


def dealt_and_my_turn(driver: webdriver.Chrome) -> bool:
    """The person's turn in a round in play (a round won at once by a dealt hand is passed over)."""
    now = state(driver)
    if now["settled"]:
        driver.find_element(By.ID, "next").click()
        return False
    return bool(now["view"] and now["view"]["to_act"] == now["seat"] and not now["view"]["is_over"])


def click_cards(driver: webdriver.Chrome, cards: str) -> None:
    for card in cards.split():
        driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()


def test_a_person_plays_a_round_against_three_bots(server: int, browser: webdriver.Chrome, tmp_path: Path) -> None:
    wait = WebDriverWait(browser, 30)
    browser.get(f"http://127.0.0.1:{server}/")
    assert browser.title == "Tiến Lên table"
    browser.find_element(By.ID, "start").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13)
    wait.until(my_turn)

    # An illegal play: two cards of different ranks are no combination; the reason is shown.
    hand = state(browser)["view"]["hand"].split()
    click_cards(browser, f"{hand[0]} {hand[-1]}")
    browser.find_element(By.ID, "play").click()
    wait.until(lambda d: state(d)["reason"])
    reason = state(browser)["reason"]
    assert reason == explain(f"{hand[0]} {hand[-1]}", None, HOUSE) or "cannot" in reason, reason
    click_cards(browser, f"{hand[0]} {hand[-1]}")  # put them back

    shot = os.environ.get("TIENLEN_SCREENSHOT")
    plays = 0
    while not state(browser)["settled"]:
        view = state(browser)["view"]
        before = view["history"]
        play = next((a for a in view["legal_actions"] if a["combo"] is not None), None)
        if play is None:
            browser.find_element(By.ID, "pass").click()
        else:
            cards = play["combo"]["cards"]
            assert classify(cards, HOUSE)  # a legal play, clicked card by card
            click_cards(browser, cards)
            if plays == 2 and shot:  # the table with the cards picked, about to be played
                browser.save_screenshot(shot)
            browser.find_element(By.ID, "play").click()
            plays += 1
        wait.until(functools.partial(_moved_on, before=before))
    assert plays >= 1
    panel = browser.find_element(By.ID, "settlement")
    assert panel.is_displayed() and "Round over" in panel.text and "Net (chips)" in panel.text
    amounts = [int(t["amount"]) for t in browser.execute_script("return lastSettlement.settlement.transfers")]
    for shown in (f"{a:,}" for a in amounts if a >= 1000):
        assert shown in panel.text, (shown, panel.text)  # thousands separators
    seats = browser.find_elements(By.CSS_SELECTOR, ".seat .name")
    assert seats and all(s.text.endswith("(bot)") for s in seats)  # one person, three bots
    assert browser.save_screenshot(str(tmp_path / "settlement.png"))


def test_the_page_speaks_vietnamese_and_switches_back(server: int, browser: webdriver.Chrome) -> None:
    """The language switch: the page's own words, and the library's reasons the server sends, in
    Vietnamese; switched back mid-round, in English again. ``TIENLEN_SCREENSHOT_VI=path.png`` keeps
    a picture of the table in Vietnamese (docs/_static/table-server-vi.png was made so)."""
    wait = WebDriverWait(browser, 30)
    browser.get(f"http://127.0.0.1:{server}/")
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    assert browser.find_element(By.ID, "start").text == "Bàn mới"
    browser.find_element(By.ID, "start").click()
    wait.until(lambda d: state(d)["view"] or state(d)["settled"])
    wait.until(dealt_and_my_turn)
    assert browser.find_element(By.ID, "play").text == "Đánh"
    assert browser.find_element(By.ID, "me-name").text.startswith("Bạn, ghế")

    hand = state(browser)["view"]["hand"].split()
    wrong = f"{hand[0]} {hand[-1]}"  # two ranks: no combination
    click_cards(browser, wrong)
    browser.find_element(By.ID, "play").click()
    wait.until(lambda d: state(d)["reason"])
    assert state(browser)["reason"] == explain(wrong, None, HOUSE, lang="vi")
    shot = os.environ.get("TIENLEN_SCREENSHOT_VI")
    if shot:
        browser.save_screenshot(shot)

    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert browser.find_element(By.ID, "play").text == "Play"
    browser.execute_script("$('reason').textContent = ''")
    browser.find_element(By.ID, "play").click()  # the same cards are still picked
    wait.until(lambda d: state(d)["reason"])
    assert state(browser)["reason"] == explain(wrong, None, HOUSE)


def test_the_hints_are_written_in_the_pages_language(server: int, browser: webdriver.Chrome) -> None:
    """A hint in Vietnamese names its move in Vietnamese (``đánh 3♠``, ``bỏ lượt``), not ``seat 0 pass``,
    and its amount with ``.`` for thousands."""
    wait = WebDriverWait(browser, 60)
    browser.get(f"http://127.0.0.1:{server}/")
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    browser.find_element(By.ID, "start").click()
    wait.until(lambda d: state(d)["view"] or state(d)["settled"])
    wait.until(dealt_and_my_turn)
    browser.find_element(By.ID, "hint").click()
    wait.until(lambda d: state(d)["reason"])
    hints = str(state(browser)["reason"]).split(" · ")
    assert hints and all(
        re.fullmatch(rf"{i}\. (đánh [^:]+|bỏ lượt): về nhất \d+%, [+-]?[\d.]+ \(thử \d+ ván\)", hint)
        for i, hint in enumerate(hints, 1)
    ), hints
    assert "seat" not in state(browser)["reason"]
    # what the search infers of the others: each seat's chance of holding a 2, in Vietnamese
    seats = str(state(browser)["picture"]).split(" · ")
    assert len(seats) == 3 and all(re.fullmatch(r"ghế [123]: \d+% có heo", s) for s in seats), seats


def test_picked_cards_stay_highlighted_when_the_language_changes(server: int, browser: webdriver.Chrome) -> None:
    """A newcomer's report: switching the language redrew the hand without the highlight, while the
    cards stayed picked, so the play button played cards that did not look selected."""
    wait = WebDriverWait(browser, 60)
    browser.get(f"http://127.0.0.1:{server}/")
    browser.find_element(By.ID, "start").click()
    wait.until(dealt_and_my_turn)
    browser.find_element(By.CSS_SELECTOR, "#hand .card").click()
    Select(browser.find_element(By.ID, "lang")).select_by_value("vi")
    picked = browser.find_elements(By.CSS_SELECTOR, "#hand .card.picked")
    assert len(picked) == 1
