"""The docs' pictures of the example table server's page, taken of the real page (a development tool).

    python tools/page_pictures.py   # writes docs/_static/table-server.png, table-server-vi.png

It starts the table server of ``examples/table_server`` on a free port of 127.0.0.1, dealing from
fixed seeds so that each run shows the same deals, and plays on its page in headless Chromium
(Debian's ``chromium`` and ``chromium-driver``, as ``tests/test_table_page.py``; the ``test`` and
``examples`` extras) at 1200×900: in English, the table with a hint asked for and the cards of
its best option picked; in Vietnamese, the same with two cards that make no combination played,
and the reason they are refused.

Each picture carries the SHA-256 of the ``index.html`` it was taken of, in a PNG text chunk.
``tests/test_tools.py`` compares it with the page as it is, so a change to the page fails the tests
until the pictures are taken again; ``tests/test_table_page.py`` runs :func:`take` against its own
server and checks that the pictures come out the size of the committed ones.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import struct
import sys
import tempfile
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # selenium and websockets are needed to take pictures, not to read them
    from selenium import webdriver
    from table_server.server import Lobby

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "examples" / "table_server" / "index.html"
FOLDER = ROOT / "docs" / "_static"
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
WIDE, PHONE = (1200, 900), (390, 844)
"""The sizes the page is shown at, in CSS pixels: a desktop window, and a phone's screen."""
PICTURES = {"table-server.png": "en", "table-server-vi.png": "vi"}
"""The pictures, by file name in ``docs/_static``, with the language of the page in each; all are :data:`WIDE`."""
STAMP = "tienlen-page-sha256"
"""The key of the PNG text chunk that holds the SHA-256 of the page a picture was taken of."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
"""Chromium's flags: headless, in a container, and quiet (no updates, no sign-in, no first-run pages)."""


def page_digest() -> str:
    """The SHA-256 of ``index.html`` as it is now, in hex."""
    return hashlib.sha256(PAGE.read_bytes()).hexdigest()


def browser(size: tuple[int, int], profile: Path) -> webdriver.Chrome:
    """Headless Chromium showing pages at ``size`` (a width under 600 is shown as a phone would,
    with its viewport meta tag honoured), its console kept for :meth:`~webdriver.Chrome.get_log`,
    with its profile in the folder ``profile``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


@contextmanager
def serve(lobby: Lobby) -> Iterator[int]:
    """Serve ``lobby`` on a free port of 127.0.0.1 from a thread of its own; yields the port."""
    from table_server.server import start

    loop = asyncio.new_event_loop()
    ready, stop = threading.Event(), asyncio.Event()
    port: list[int] = []

    async def main() -> None:
        async with await start(lobby, "127.0.0.1", 0) as running:
            port.append(next(iter(running.sockets)).getsockname()[1])
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the table server did not start")
        yield port[0]
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)
        loop.close()
        lobby.close()


def take(port: int, folder: Path) -> list[Path]:
    """Take :data:`PICTURES` of the page served on ``port`` into ``folder``, stamped with
    :func:`page_digest`; returns their paths."""
    taken = []
    for name, lang in PICTURES.items():
        with tempfile.TemporaryDirectory() as profile:
            taken.append(_picture(port, folder / name, lang, Path(profile)))
    return taken


def _picture(port: int, path: Path, lang: str, profile: Path) -> Path:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser(WIDE, profile)
    try:
        wait = WebDriverWait(driver, 60)
        driver.get(f"http://127.0.0.1:{port}/")
        Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
        driver.find_element(By.ID, "start").click()
        wait.until(in_play_to_act)
        driver.find_element(By.ID, "hint").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hints li"))
        hand = driver.execute_script("return view.hand.split(' ')")
        if lang == "en":  # the best option's cards, picked
            best = driver.execute_script("return hints[0].action").split()[3:]
            pick = best or [hand[-1]]
        else:  # a low card and a high one: no combination, refused with the reason
            pick = [hand[0], hand[-1]]
        for card in pick:
            driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()
        if lang != "en":
            driver.find_element(By.ID, "play").click()
            wait.until(lambda d: d.find_element(By.ID, "reason").text)
        path.write_bytes(stamped(driver.get_screenshot_as_png(), page_digest()))
        return path
    finally:
        driver.quit()


def in_play_to_act(driver: webdriver.Chrome) -> bool:
    """Whether the page's player is to act in a round in play; a round won at once by a dealt hand
    is passed over (its settlement closed with *Next round*)."""
    from selenium.webdriver.common.by import By

    if driver.execute_script("return $('settlement').style.display === 'flex'"):
        driver.find_element(By.ID, "next").click()
        return False
    return bool(driver.execute_script("return view !== null && view.to_act === seat && !view.is_over"))


def stamped(png: bytes, digest: str) -> bytes:
    """``png`` with a text chunk :data:`STAMP` holding ``digest``, right after its header chunk."""
    data = STAMP.encode("latin-1") + b"\0" + digest.encode("ascii")
    chunk = struct.pack(">I", len(data)) + b"tEXt" + data + struct.pack(">I", zlib.crc32(b"tEXt" + data))
    end_of_header = 8 + 8 + 13 + 4  # the signature, then IHDR: length, type, 13 bytes, checksum
    return png[:end_of_header] + chunk + png[end_of_header:]


def png_facts(path: Path) -> tuple[int, int, dict[str, str]]:
    """The width and height of the PNG at ``path``, and its text chunks by key."""
    data = path.read_bytes()
    width, height = struct.unpack(">II", data[16:24])
    texts, at = {}, 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at : at + 4]), data[at + 4 : at + 8]
        if kind == b"tEXt":
            key, _, value = data[at + 8 : at + 8 + length].partition(b"\0")
            texts[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + length
    return width, height, texts


def main() -> None:
    sys.path.insert(0, str(ROOT / "examples"))
    from table_server.server import Lobby

    with serve(Lobby(seeds=itertools.count(4).__next__, workers=1)) as port:
        for path in take(port, FOLDER):
            print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
