#!/usr/bin/env python3
"""The review desk driven in a real browser: Debian's Chromium through
chromium-driver and python3-selenium (tools/setup installs both).

A batch over four files (a classic card to look at, a clean rock card, a
Roll-Em card whose grid lost its last rows, a file that is no picture) is
opened with `scorecheck review REPORT --no-browser --port 0`. In the page the
test corrects a flagged box and an unflagged one, types the grand total the
scanner found no box for, names two players, types in the file the
scanner could not read, and then checks corrections.json, the card's verdict
and the leaderboard in the page, and the report files written again. It saves
screenshots of the desk and of the report page it wrote at 1280 and 360 px
wide in --artifacts for a person to look at, and checks that neither is wider
than a 360 px screen.

Exits 77 (CTest's skip) where Selenium or chromedriver is missing, saying so.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def cell_text(value):
    """A cell of a truth file as a person types it at the desk."""
    if value == "crossed":
        return "x"
    if isinstance(value, dict):
        return "%dt" % value["checks"] + (" %d" % value["points"] if value.get("points") is not None else "")
    return str(value)


def start_desk(binary, report):
    desk = subprocess.Popen([binary, "review", report, "--no-browser", "--port", "0"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in desk.stdout:
        if line.strip().startswith("http://127.0.0.1:"):
            return desk, line.strip()
    fail("the desk printed no address: " + desk.stderr.read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--artifacts", required=True)
    a = ap.parse_args()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select, WebDriverWait
        from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
    except ImportError:
        print("python3-selenium is missing (apt-get install python3-selenium): the desk was not driven in a browser")
        return SKIP
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path):
        print("chromedriver is missing (apt-get install chromium-driver): the desk was not driven in a browser")
        return SKIP

    work = tempfile.mkdtemp(prefix="scorecheck-desk-browser-")
    desk = None
    driver = None
    try:
        photos = os.path.join(work, "in")
        os.makedirs(photos)
        samples = os.path.join(a.source, "samples", "synthetic")
        shutil.copy(os.path.join(samples, "0000-classic-scan.jpg"), os.path.join(photos, "classic.jpg"))
        shutil.copy(os.path.join(samples, "0003-rock-scan.jpg"), os.path.join(photos, "rock.jpg"))
        lost_sample = os.path.join(a.source, "samples", "rows-not-found", "0328-rollem-lowres")
        shutil.copy(lost_sample + ".jpg", os.path.join(photos, "lost.jpg"))
        with open(os.path.join(photos, "broken.png"), "w") as f:
            f.write("not a picture")
        report = os.path.join(work, "report")
        run = subprocess.run([a.bin, "batch", photos, "-o", report, "-q"], capture_output=True, text=True)
        check(run.returncode == 2, "batch exited %d: %s" % (run.returncode, run.stderr))

        desk, url = start_desk(a.bin, report)
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1600", "--user-data-dir=" + os.path.join(work, "profile")):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        wait = WebDriverWait(driver, 60)

        def type_into(selector, text):
            # A card is drawn again when the desk has read it again: find the
            # field afresh when the one found was replaced meanwhile (a slow
            # machine may catch it between the old card and the new).
            for _ in range(100):
                try:
                    field = driver.find_element(By.CSS_SELECTOR, selector)
                    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()",
                                          field)
                    field.send_keys(Keys.CONTROL, "a")
                    field.send_keys(text + Keys.ENTER)
                    return
                except (StaleElementReferenceException, ElementNotInteractableException):
                    time.sleep(0.2)
            fail("could not type into " + selector)

        driver.get(url)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'article[data-file="classic.jpg"] input.box'))
        card = driver.find_element(By.CSS_SELECTOR, 'article[data-file="classic.jpg"]')
        check(card.get_attribute("data-status") in ("review", "errors"), "the classic card is not one to look at")
        # Cards to look at come first; the clean one is folded away.
        check(driver.find_elements(By.CSS_SELECTOR, '#to-look-at article[data-file="classic.jpg"]'),
              "the classic card is not among the cards to look at")
        check(driver.find_elements(By.CSS_SELECTOR, '#clean-cards article[data-file="rock.jpg"]'),
              "the clean rock card is not folded with the clean cards")

        flagged = card.find_elements(By.CSS_SELECTOR, "input.box.uncertain")
        check(flagged, "the classic card has no flagged box")
        flagged = flagged[0]
        truth = json.load(open(os.path.join(samples, "0000-classic-scan.truth.json")))
        column = int(flagged.get_attribute("data-column"))
        row = flagged.get_attribute("data-row")
        right = truth["grids"][0]["columns"][column - 1]["cells"].get(row)
        right_text = "" if right is None else cell_text(right)
        type_into('article[data-file="classic.jpg"] input.box[data-row="%s"][data-column="%d"]' % (row, column),
                  right_text)

        # An unflagged box made wrong on purpose: Aces of game 1, one more than written.
        aces = card.find_element(By.CSS_SELECTOR, 'input.box[data-row="aces"][data-column="1"]')
        check("uncertain" not in aces.get_attribute("class"), "game 1's Aces is flagged; pick another box")
        written = truth["grids"][0]["columns"][0]["cells"]["aces"]
        type_into('article[data-file="classic.jpg"] input.box[data-row="aces"][data-column="1"]', str(written + 1))

        # The grand total whose box was not found on the sheet: listed under the picture, typed there.
        lost_total = 'article[data-file="lost.jpg"] .box-list input.box[data-row="grand_total"][data-column="1"]'
        check(driver.find_elements(By.CSS_SELECTOR, lost_total),
              "the grand total the scanner found no box for is not offered for typing")
        lost_truth = json.load(open(lost_sample + ".truth.json"))
        lost_grand = lost_truth["grids"][0]["columns"][0]["cells"]["grand_total"]
        type_into(lost_total, str(lost_grand))

        name_fields = driver.find_elements(By.CSS_SELECTOR, "article input[data-name]")
        check(len(name_fields) == 3, "%d name fields for three one-player cards" % len(name_fields))
        type_into('article[data-file="classic.jpg"] input[data-name]', "Zoë")
        driver.execute_script('document.getElementById("clean-cards").open = true')
        type_into('article[data-file="rock.jpg"] input[data-name]', "Ann")

        # The file that is no picture, typed in as the rock card it would have been.
        rock_truth = json.load(open(os.path.join(samples, "0003-rock-scan.truth.json")))
        form = 'form[data-typed="broken.png"]'
        Select(driver.find_element(By.CSS_SELECTOR, form + " select")).select_by_value("rock")
        typed_cells = rock_truth["grids"][0]["columns"][0]["cells"]
        for typed_row, value in typed_cells.items():
            field = driver.find_element(By.CSS_SELECTOR, form + ' input[data-row="%s"][data-col="0"]' % typed_row)
            field.send_keys(cell_text(value))
        field.send_keys(Keys.ENTER)

        wait.until(lambda d: "up to date" in d.find_element(By.ID, "status").text)
        answers = json.load(open(os.path.join(report, "corrections.json")))["corrections"]
        check(len(answers) == 6, "corrections.json holds %d answers, not 6: %s" % (len(answers), answers))
        typed = [c for c in answers if "card" in c]
        check(len(typed) == 1 and typed[0]["file"] == "broken.png" and typed[0]["card"]["ruleset"] == "rock",
              "the typed card is not saved: %s" % typed)
        typed_card = driver.find_element(By.CSS_SELECTOR, 'article[data-file="broken.png"]')
        check(typed_card.get_attribute("data-status") == "clean",
              "the typed card is " + typed_card.get_attribute("data-status"))
        by_target = {(c["file"], c.get("column"), c.get("row", "name")): c for c in answers}
        check(by_target[("classic.jpg", 1, "aces")]["value"] == written + 1, "the Aces answer is not saved")
        check(by_target[("classic.jpg", column, row)]["value"] == right, "the flagged box's answer is not saved")
        check(by_target[("lost.jpg", 1, "grand_total")]["value"] == lost_grand, "the typed grand total is not saved")
        check(not driver.find_elements(By.CSS_SELECTOR, lost_total),
              "the grand total a person typed is still offered as not found")
        names = sorted(c["name"] for c in answers if "name" in c)
        check(names == ["Ann", "Zoë"], "names saved: %s" % names)

        # The verdict: Aces one more than written no longer adds up.
        card = driver.find_element(By.CSS_SELECTOR, 'article[data-file="classic.jpg"]')
        check(card.get_attribute("data-status") == "errors", "the classic card's verdict was not checked again")
        check(card.find_elements(By.CSS_SELECTOR, 'input.box.person[data-row="aces"][data-column="1"]'),
              "the corrected box is not shown as corrected")
        boards = driver.find_element(By.ID, "leaderboards").text
        check("Zoë" in boards and "Ann" in boards, "the leaderboard does not name the players: " + boards)
        check("broken.png" in boards, "the typed card is not on the leaderboard: " + boards)
        on_disk = json.load(open(os.path.join(report, "report.json")))
        classic = [c for c in on_disk["cards"] if c["file"] == "classic.jpg"][0]
        check(classic["status"] == "errors", "report.json still says " + classic["status"])
        check(any(c.get("name") == "Zoë" for c in classic["columns"]), "report.json does not name Zoë")
        with open(os.path.join(report, "index.html"), encoding="utf-8") as f:
            check("Zoë" in f.read(), "index.html does not name Zoë")
        with open(os.path.join(report, "cards.csv"), encoding="utf-8-sig") as f:
            check("Ann" in f.read(), "cards.csv does not name Ann")

        os.makedirs(a.artifacts, exist_ok=True)
        for width in (1280, 360):
            driver.set_window_size(width, 1600)
            driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
            time.sleep(0.5)
            driver.save_screenshot(os.path.join(a.artifacts, "desk-%d.png" % width))
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(overflow <= 1, "the page is %d px wider than a %d px window" % (overflow, width))
        # The report page the desk wrote again: nothing wider than a phone, its
        # leaderboard's cards are links to them.
        driver.get("file://" + os.path.join(report, "index.html"))
        links = driver.find_elements(By.CSS_SELECTOR, '.leaderboard a.file[href^="#card-"]')
        check(links, "the report's leaderboard does not link to the cards")
        for width in (1280, 360):
            driver.set_window_size(width, 1600)
            time.sleep(0.5)
            driver.save_screenshot(os.path.join(a.artifacts, "report-%d.png" % width))
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(overflow <= 1, "the report page is %d px wider than a %d px window" % (overflow, width))
        print("desk: 5 answers saved (a typed card among them), verdicts and leaderboard updated; screenshots in " + a.artifacts)
    finally:
        if driver:
            driver.quit()
        if desk:
            desk.send_signal(signal.SIGINT)
            try:
                out, _ = desk.communicate(timeout=60)
                if desk.returncode != 0 or "The desk is closed" not in out:
                    print("the desk did not close cleanly (exit %s): %s" % (desk.returncode, out), file=sys.stderr)
                    sys.exit(1)
            except subprocess.TimeoutExpired:
                desk.kill()
                fail("the desk did not stop on Ctrl-C")
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
