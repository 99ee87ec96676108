#!/usr/bin/env python3
"""Drives Debian's headless chromium (through chromium-driver and Selenium) over a review page,
as a person would, and prints what it saw as one JSON object.

    review_browser.py check                     exit 0 when the browser can be driven here
    review_browser.py inspect PAGE CROPS        rows, each view's spreads (cropped from
                                                screenshots into CROPS/; - for none), console,
                                                network, canaries
    review_browser.py act PAGE DOWNLOADS STEPS [CROPS]
                                                runs STEPS (JSON: [{"keys": "jr"}, {"click":
                                                "css"}, {"scroll": "css"}, {"look": "book-N"},
                                                ...]), then reads the script and downloads it
                                                into DOWNLOADS; each look crops that row's
                                                spreads as they are then on screen into CROPS
    review_browser.py serve                     one chromium for many requests: reads one
                                                JSON request a line ({"command": "inspect" or
                                                "act", "arguments": [...]}) and answers each
                                                with one line ({"result": ...} or {"error":
                                                ...}); quits when its input ends
    review_browser.py open-time PAGE            milliseconds until the first book is painted
    review_browser.py screenshot PAGE PNG STEPS a screenshot after STEPS (for the README)

Nothing here judges: the Swift tests and the bench compare what it prints with what should be.
"""

import atexit
import io
import json
import os
import shutil
import sys
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"

# Installed before the page's own script, on every document: records Content-Security-Policy
# violations and gives the hostile names' payloads a canary to set.
WATCH = """
window.__violations = [];
window.__canary = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def browser(width=1280, height=1000, downloads=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="pdfbind-chromium-")
    # Each run is its own process; the profile goes when it ends (chromium has quit by then).
    atexit.register(shutil.rmtree, profile, ignore_errors=True)
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        f"--window-size={width},{height}", "--hide-scrollbars", f"--user-data-dir={profile}",
        "--force-device-scale-factor=1", "--no-first-run", "--disable-extensions",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    if downloads:
        options.add_experimental_option(
            "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    driver.execute_cdp_cmd("Network.enable", {})
    if downloads:
        driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    driver.get_log("performance")  # the blank start page's own requests are not the page's
    return driver


def page_url(path):
    from pathlib import Path
    return Path(os.path.abspath(path)).as_uri()


def requests(driver):
    """Every URL the page asked for, from the DevTools network events."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def console(driver):
    return [
        {"level": entry["level"], "message": entry["message"]}
        for entry in driver.get_log("browser")
    ]


def rows(driver):
    return driver.execute_script("""
        return Array.from(document.querySelectorAll("section.book")).map((row) => ({
          id: row.id,
          name: row.querySelector("h2").textContent,
          exact: row.querySelector(".exact code") ? row.querySelector(".exact code").textContent : null,
          data: Object.assign({}, row.dataset),
          hidden: row.hidden,
          current: row.classList.contains("current"),
          failure: row.querySelector(".failure") ? row.querySelector(".failure").textContent : null,
          evidence: Array.from(row.querySelectorAll(".evidence li")).map((li) => li.textContent),
          pictures: Array.from(row.querySelectorAll("figure")).map((figure) => ({
            view: figure.dataset.view,
            sources: Array.from(figure.querySelectorAll("img"), (img) => img.getAttribute("src")),
            caption: figure.querySelector("figcaption").textContent,
          })),
          disabled: row.querySelectorAll("fieldset[disabled]").length,
        }));
    """)


def loaded_pictures(driver):
    """The pictures the browser has fetched and decoded so far."""
    return driver.execute_script("""
        return Array.from(document.images).filter((img) => img.complete && img.naturalWidth > 0)
          .map((img) => img.getAttribute("src"));
    """)


def poll(driver, script, *arguments, seconds=10):
    """Runs `script` in the page every 50 ms until it returns something truthy, and returns
    that; None after `seconds`."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        found = driver.execute_script(script, *arguments)
        if found:
            return found
        time.sleep(0.05)
    return None


def crop_row(driver, book, directory, tag=""):
    """Scrolls the row `book` (its id) to the middle of the window, as a person scrolling would,
    waits for its spreads to be drawn and every picture in them to load, and crops each view's
    spreads from a screenshot of the window: what is on screen, not the files."""
    from PIL import Image

    driver.execute_script(
        "document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", book)
    figures = poll(driver, """
        const row = document.getElementById(arguments[0]);
        const figures = Array.from(row.querySelectorAll("figure"));
        const images = figures.flatMap((figure) => Array.from(figure.querySelectorAll("img")));
        if (figures.length === 0 || !images.every((img) => img.complete && img.naturalWidth > 0))
          return null;
        return figures.map((figure) => {
          const box = figure.querySelector(".spreads").getBoundingClientRect();
          return {x: box.x, y: box.y, width: box.width, height: box.height,
                  book: arguments[0], view: figure.dataset.view,
                  caption: figure.querySelector("figcaption").textContent,
                  images: Array.from(figure.querySelectorAll("img"), (img) => ({
                    src: img.getAttribute("src"), width: img.getBoundingClientRect().width,
                    height: img.getBoundingClientRect().height,
                    natural: [img.naturalWidth, img.naturalHeight]}))};
        });
    """, book)
    if not figures:
        return []
    time.sleep(0.1)  # a few more frames, so the decoded pictures are painted
    shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    crops = []
    for figure in figures:
        box = (round(figure["x"]), round(figure["y"]), round(figure["x"] + figure["width"]),
               round(figure["y"] + figure["height"]))
        path = os.path.join(directory, f"{tag}{book}-{figure['view'].replace(' ', '-')}.png")
        shot.crop(box).save(path)
        crops.append({**figure, "crop": path})
    return crops


def crop_pictures(driver, directory):
    """Every row's spreads as they are on screen, row by row."""
    books = driver.execute_script("""
        return Array.from(document.querySelectorAll("section.book"))
          .filter((row) => row.querySelector("div.pictures[data-views]")).map((row) => row.id);
    """)
    return [crop for book in books for crop in crop_row(driver, book, directory)]


def settle(driver, seconds=10):
    """Waits until the pictures in the window have loaded: the page draws its rows from a
    script after its load event, so just after `get` it may have asked for none yet."""
    poll(driver, """
        if (!document.querySelector("div.pictures[data-views]")) return true;
        const inView = Array.from(document.images).filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        return inView.length > 0 && inView.every((img) => img.complete);
    """, seconds=seconds)


def fresh(driver, downloads=None):
    """Makes a browser that served a page before as good as a new one for the next: a blank
    page, the console's and the network's logs emptied, downloads going to DOWNLOADS. Pages
    keep no state of their own (no storage, no cookies; each test's page has a path of its
    own), and the watch script is installed on every new document."""
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get_log("performance")
    if downloads:
        driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})


def inspect(page, directory, shared=None):
    driver = shared or browser()
    try:
        driver.get(page_url(page))
        settle(driver)
        initially_loaded = loaded_pictures(driver)
        initially_requested = requests(driver)
        result = {
            "title": driver.title,
            "rows": rows(driver),
            "initiallyLoaded": initially_loaded,
            "initiallyRequested": initially_requested,
            "crops": crop_pictures(driver, directory) if directory != "-" else [],
        }
        result["requests"] = initially_requested + requests(driver)
        result["console"] = console(driver)
        result["violations"] = driver.execute_script("return window.__violations")
        result["canary"] = driver.execute_script(
            "return {fired: window.__canary, elements: document.querySelectorAll('[id^=canary]').length}")
        result["title"] = driver.title
        return result
    finally:
        if not shared:
            driver.quit()


def run_steps(driver, steps, crops=None):
    """Runs each step; a {"look": "book-N"} step crops that row's spreads as they are then on
    screen into CROPS and returns them, in order, with the step's index."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    looks = []
    for index, step in enumerate(steps):
        if "look" in step:
            looks.append({"step": index, "crops": crop_row(driver, step["look"], crops, f"{index}-")})
        elif "keys" in step:
            ActionChains(driver).send_keys(step["keys"]).perform()
        elif "scroll" in step:
            driver.execute_script(
                "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})",
                step["scroll"])
        elif "click" in step:
            element = driver.find_element(By.CSS_SELECTOR, step["click"])
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
        time.sleep(0.02)
    return looks


def act(page, downloads, steps, crops=None, shared=None):
    from selenium.webdriver.common.by import By

    driver = shared or browser(downloads=downloads)
    try:
        driver.get(page_url(page))
        looks = run_steps(driver, steps, crops)
        script = driver.find_element(By.ID, "script").get_property("value")
        chosen = driver.find_element(By.ID, "chosen").text
        state = rows(driver)
        driver.find_element(By.ID, "toggle").click()
        shown = driver.find_element(By.ID, "script").is_displayed()
        driver.find_element(By.ID, "download").click()
        downloaded = None
        # Chrome writes through a .crdownload (or hidden) file and may show the final name
        # before its bytes: read it only once it is non-empty and the same on two looks (on a
        # loaded machine the first look found it empty).
        deadline = time.time() + 30
        last = None
        while time.time() < deadline:
            names = [n for n in os.listdir(downloads)
                     if not n.endswith(".crdownload") and not n.startswith(".")]
            if names:
                with open(os.path.join(downloads, names[0]), "rb") as file:
                    seen = {"name": names[0], "text": file.read().decode("utf-8")}
                if seen["text"] and seen == last:
                    downloaded = seen
                    break
                last = seen
            time.sleep(0.2)
        if downloaded is None and last is not None:
            downloaded = last
        driver.find_element(By.ID, "copy").click()
        time.sleep(0.2)
        return {
            "script": script, "chosen": chosen, "shown": shown, "downloaded": downloaded,
            "looks": looks,
            "copied": driver.find_element(By.ID, "copied").text,
            "rows": [{"id": r["id"], "hidden": r["hidden"], "current": r["current"]} for r in state],
            "console": console(driver),
            "violations": driver.execute_script("return window.__violations"),
            "requests": requests(driver),
        }
    finally:
        if not shared:
            driver.quit()


def serve():
    """Answers requests from standard input with one browser, started at the first and
    started again after a request fails (chromium may be gone)."""
    driver = None
    for line in sys.stdin:
        request = json.loads(line)
        command, arguments = request["command"], request["arguments"]
        try:
            if driver is None:
                driver = browser()
            if command == "inspect":
                fresh(driver)
                result = inspect(*arguments, shared=driver)
            elif command == "act":
                fresh(driver, downloads=arguments[1])
                result = act(arguments[0], arguments[1], json.loads(arguments[2]), *arguments[3:],
                             shared=driver)
            else:
                raise ValueError(f"unknown command {command}")
            answer = {"result": result}
        except Exception:
            import traceback
            answer = {"error": traceback.format_exc()}
            if driver is not None:
                try:
                    driver.quit()
                except Exception:
                    pass
                driver = None
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    if driver is not None:
        driver.quit()


def open_time(page):
    """Milliseconds from navigation start until the first book's name is painted (element
    timing on that heading), the first contentful paint, and the second animation frame after
    the load event (every row parsed, the page's script run, the view painted)."""
    driver = browser()
    try:
        driver.get(page_url(page))
        first_book = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            new PerformanceObserver((list) => {
              const entry = list.getEntries().find((e) => e.identifier === "first-book");
              if (entry) done(entry.renderTime || entry.loadTime);
            }).observe({type: "element", buffered: true});
            setTimeout(() => done(null), 10000);
        """)
        painted = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
        """)
        timing = driver.execute_script("""
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            const nav = performance.getEntriesByType("navigation")[0];
            return {fcp: paint ? paint.startTime : null, domContentLoaded: nav.domContentLoadedEventEnd,
                    load: nav.loadEventEnd, rows: document.querySelectorAll("section.book").length};
        """)
        return {"firstBook": first_book, "painted": painted, **timing, "console": console(driver)}
    finally:
        driver.quit()


def screenshot(page, png, steps):
    driver = browser(width=1280, height=1000)
    try:
        driver.get(page_url(page))
        run_steps(driver, steps)
        time.sleep(0.5)
        driver.save_screenshot(png)
        return {"console": console(driver)}
    finally:
        driver.quit()


def check():
    for path in (CHROMIUM, DRIVER):
        if not os.access(path, os.X_OK):
            return {"ok": False, "reason": f"{path} is missing"}
    try:
        import selenium  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as error:
        return {"ok": False, "reason": f"Python cannot import {error.name}"}
    return {"ok": True}


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "serve":
        serve()
        return
    if command == "check":
        result = check()
    elif command == "inspect":
        result = inspect(*arguments)
    elif command == "act":
        result = act(arguments[0], arguments[1], json.loads(arguments[2]), *arguments[3:])
    elif command == "open-time":
        result = open_time(arguments[0])
    elif command == "screenshot":
        result = screenshot(arguments[0], arguments[1], json.loads(arguments[2]))
    else:
        raise SystemExit(f"unknown command {command}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
