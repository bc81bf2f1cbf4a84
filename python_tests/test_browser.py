"""SolvePath._repr_html_ in a real browser: headless Chromium (Debian's chromium and
chromium-driver, which .ci/run installs) loads the exported HTML as a file, with no kernel,
and the test presses next, previous and jumps. Screenshots of a light and a dark page are
written where VALID_SUDOKU_SCREENSHOTS says (else a temporary folder) for a person to look at.
Without selenium, chromium or its driver, the test skips with a line saying which."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from valid_sudoku import solve_steps

# Its path has 86 steps, chains among them (an XY-Wing, a W-Wing).
PUZZLE = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>path</title>
<meta name="color-scheme" content="{scheme}"></head>
<body style="margin:16px;background:{background};color:{text}">{body}</body></html>"""


def browser() -> Any:
    """A headless Chromium through selenium, or a skip saying what is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("browser test skipped: selenium is not installed (the test extra has it)")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("browser test skipped: chromium and chromium-driver are not installed (.ci/run installs them as root)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,1000"):
        options.add_argument(argument)
    try:
        return webdriver.Chrome(options=options, service=Service(driver))
    except Exception as error:  # noqa: BLE001 - any failure to start is a reason to skip
        pytest.skip(f"browser test skipped: chromium did not start ({type(error).__name__}: {error})")


def shown(driver: Any) -> tuple[str, str, str]:
    """The frame on show: its step number, its sentence and its boards' markup."""
    from selenium.webdriver.common.by import By

    frames = [frame for frame in driver.find_elements(By.CLASS_NAME, "valid-sudoku-frame") if frame.is_displayed()]
    assert len(frames) == 1, f"{len(frames)} frames shown"
    frame = frames[0]
    sentence = frame.find_element(By.CLASS_NAME, "valid-sudoku-summary").text
    boards = "".join(svg.get_attribute("outerHTML") for svg in frame.find_elements(By.TAG_NAME, "svg"))
    return frame.get_attribute("data-step"), sentence, boards


def screenshots() -> Path | None:
    folder = os.environ.get("VALID_SUDOKU_SCREENSHOTS")
    return Path(folder) if folder else None


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_path_view_steps_in_a_browser(theme: str, tmp_path: Path) -> None:
    path = solve_steps(PUZZLE)
    steps = path.steps
    colours = {"light": ("light", "#ffffff", "#000000"), "dark": ("dark", "#111418", "#e6e6e6")}
    scheme, background, text = colours[theme]
    page = tmp_path / f"path-{theme}.html"
    page.write_text(PAGE.format(scheme=scheme, background=background, text=text, body=path._repr_html_()), encoding="utf-8")
    driver = browser()
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        driver.get(page.as_uri())
        first = shown(driver)
        assert first[:2] == ("0", str(steps[0]))
        driver.find_element(By.CLASS_NAME, "valid-sudoku-next").click()
        second = shown(driver)
        assert second[:2] == ("1", str(steps[1]))
        assert second[2] != first[2]
        jump = Select(driver.find_element(By.CLASS_NAME, "valid-sudoku-jump"))
        assert jump.first_selected_option.text == f"2. {steps[1]}"
        # A chain step: its card draws the chain.
        wing = next(i for i, step in enumerate(steps) if step.technique == "xy-wing")
        jump.select_by_value(str(wing))
        assert shown(driver)[:2] == (str(wing), str(steps[wing]))
        frame = driver.find_element(By.CSS_SELECTOR, f'.valid-sudoku-frame[data-step="{wing}"]')
        assert len(frame.find_elements(By.CSS_SELECTOR, ".valid-sudoku-step circle.node")) == len(steps[wing].nodes)
        assert len(frame.find_elements(By.CSS_SELECTOR, ".valid-sudoku-step line.weak")) == steps[wing].links.count("weak")
        folder = screenshots() or tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        assert driver.save_screenshot(str(folder / f"path-{theme}.png"))
        driver.find_element(By.CLASS_NAME, "valid-sudoku-previous").click()
        assert shown(driver)[:2] == (str(wing - 1), str(steps[wing - 1]))
        jump.select_by_value(str(len(steps)))
        assert shown(driver)[0] == str(len(steps))
        driver.find_element(By.CLASS_NAME, "valid-sudoku-next").click()
        assert shown(driver)[0] == str(len(steps)), "next stops at the end"
    finally:
        driver.quit()
