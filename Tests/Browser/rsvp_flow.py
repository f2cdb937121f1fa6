#!/usr/bin/python3
"""The guests' RSVP pages of `blueprint serve`, used in a real headless Chromium.

Drives /usr/bin/chromium through /usr/bin/chromedriver with Selenium (Debian's `chromium`,
`chromium-driver` and `python3-selenium`; run it with /usr/bin/python3, which has Selenium).

    rsvp_flow.py BASE_URL LINKS.json
    rsvp_flow.py BASE_URL --household T --keyboard T --revoked T --closed T

LINKS.json holds the link tokens (the part after /r/) under the same four keys:
  household  a household of three, one of whom may bring a guest, with answers open;
  keyboard   another household with answers open, answered with the keyboard alone;
  revoked    a token revoked since (its page must be the 404 page);
  closed     a household of a wedding whose RSVP deadline has passed.

The answers it leaves for `household` (what a caller checks in the planner's data): the member
who may bring a guest attends with the first meal, dietary needs "No peanuts" and the guest
"Robin Vale" with the last meal; the two others attend with the last meal (the second of them
first declines, then changes the answer). The message ends as "See you there!".
For `keyboard`: every member attends with the first meal, dietary needs "Typed only", a guest
"Kim Tab" (where one is allowed) with the first meal, and the message "Sent with the keyboard".

Prints one line per step; exits 1 with a message naming the step at the first failure.
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PLUS_ONE_NAME = "Robin Vale"
DIETARY = "No peanuts"
FIRST_MESSAGE = "We are so happy for you."
CHANGED_MESSAGE = "See you there!"
KEYBOARD_DIETARY = "Typed only"
KEYBOARD_PLUS_ONE = "Kim Tab"
KEYBOARD_MESSAGE = "Sent with the keyboard"
NOTE_LIMIT = 1000


class StepFailed(Exception):
    pass


def plain(text):
    """The text without the directional isolates the pages put around names."""
    return text.replace("\u2068", "").replace("\u2069", "")


def check(condition, message):
    if not condition:
        raise StepFailed(message)


class Flow:
    def __init__(self, base_url, links):
        self.base_url = base_url.rstrip("/")
        self.links = links
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,2000"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)

    def close(self):
        self.driver.quit()

    # Pages and elements

    def url(self, key, suffix=""):
        return f"{self.base_url}/r/{self.links[key]}{suffix}"

    def open(self, key, suffix=""):
        self.driver.get(self.url(key, suffix))

    def heading(self):
        headings = self.driver.find_elements(By.TAG_NAME, "h1")
        return plain(headings[0].text) if headings else ""

    def body_text(self):
        return plain(self.driver.find_element(By.TAG_NAME, "body").text)

    def forms(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "form")

    def members(self):
        """Each member's fieldset on the form, in page order: (name, fieldset, member id)."""
        found = []
        for fieldset in self.driver.find_elements(By.CSS_SELECTOR, "form > fieldset"):
            name = plain(fieldset.find_element(By.XPATH, "./legend").text)
            radio = fieldset.find_element(By.CSS_SELECTOR, "input[type=radio]")
            found.append((name, fieldset, radio.get_attribute("name").removeprefix("attending-")))
        return found

    def field(self, name):
        return self.driver.find_element(By.NAME, name)

    def meal_options(self, select):
        return [option.get_attribute("value") for option in select.find_elements(By.TAG_NAME, "option")
                if option.get_attribute("value")]

    def choose(self, select_name, value):
        select = self.field(select_name)
        select.find_element(By.CSS_SELECTOR, f"option[value=\"{value}\"]").click()

    def type_into(self, name, text):
        element = self.field(name)
        element.clear()
        element.send_keys(text)

    def answer_lines(self):
        return [plain(item.text) for item in self.driver.find_elements(By.CSS_SELECTOR, "ul.answers li")]

    def submit(self):
        self.after_navigation(lambda: self.driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click())

    def after_navigation(self, action):
        """Runs `action`, then waits until the page it leaves is replaced by the next one, loaded.

        The page left is marked and the wait asks the browser for the mark, never for an element
        of the old page: chromedriver can fail on those while the document changes."""
        self.driver.execute_script("document.documentElement.setAttribute('data-left', '')")
        action()
        WebDriverWait(self.driver, 15, ignored_exceptions=(WebDriverException,)).until(lambda driver: driver.execute_script(
            "return document.readyState === 'complete' && !document.documentElement.hasAttribute('data-left')"))

    def expect_thanks(self, context):
        title = self.heading()
        check(title == "Thank you", f"{context}: expected the confirmation page, got \"{title}\": {self.body_text()[:300]}")
        check(self.driver.current_url.endswith("/thanks"), f"{context}: the confirmation is at {self.driver.current_url}")

    # Steps

    def answer_household_of_three(self):
        self.open("household")
        members = self.members()
        check(len(members) == 3, f"the household's page shows {len(members)} members, expected 3")
        hosts = [m for m in members if m[1].find_elements(By.NAME, f"plus-one-name-{m[2]}")]
        check(len(hosts) == 1, f"{len(hosts)} members may bring a guest, expected 1")
        host = hosts[0]
        others = [m for m in members if m is not host]
        meals = self.meal_options(self.field(f"meal-{host[2]}"))
        check(len(meals) >= 2, f"the meal select offers {meals}, expected at least two meals")
        self.meals = meals
        self.host_name = host[0]
        print(f"ok  open the household's page: {', '.join(m[0] for m in members)}; meals {', '.join(meals)}")

        self.driver.find_element(By.XPATH, f"//input[@name='attending-{host[2]}' and @value='yes']").click()
        self.choose(f"meal-{host[2]}", meals[0])
        self.type_into(f"dietary-{host[2]}", DIETARY)
        self.type_into(f"plus-one-name-{host[2]}", PLUS_ONE_NAME)
        self.choose(f"plus-one-meal-{host[2]}", meals[-1])
        first, second = others
        self.driver.find_element(By.XPATH, f"//input[@name='attending-{first[2]}' and @value='yes']").click()
        self.choose(f"meal-{first[2]}", meals[-1])
        self.driver.find_element(By.XPATH, f"//input[@name='attending-{second[2]}' and @value='no']").click()
        self.type_into("message", FIRST_MESSAGE)
        self.submit()
        self.expect_thanks("answering for the household of three")
        lines = self.answer_lines()
        expected = [f"{host[0]}: attending · {meals[0]} · dietary needs: {DIETARY}",
                    f"{PLUS_ONE_NAME} (guest of {host[0]}) · {meals[-1]}",
                    f"{first[0]}: attending · {meals[-1]}",
                    f"{second[0]}: not attending"]
        for line in expected:
            check(line in lines, f"the confirmation lacks \"{line}\"; it lists {lines}")
        check(f"Your message: {FIRST_MESSAGE}" in self.body_text(), "the confirmation does not show the message")
        print("ok  answer for three with a plus-one, meals, dietary needs and a message: the confirmation lists them")
        self.changed_member = second

    def calendar_link(self):
        links = self.driver.find_elements(By.PARTIAL_LINK_TEXT, "calendar")
        check(len(links) == 1, "the confirmation has no \"Add the day to your calendar\" link")
        href = links[0].get_attribute("href")
        check(href == self.url("household", "/wedding.ics"), f"the calendar link is {href}")
        with urllib.request.urlopen(href, timeout=10) as response:
            kind = response.headers.get("Content-Type", "")
            text = response.read().decode("utf-8")
        check(kind.startswith("text/calendar"), f"the .ics is served as {kind}")
        check(text.startswith("BEGIN:VCALENDAR") and "BEGIN:VEVENT" in text, f"the .ics is not a calendar: {text[:200]}")
        print("ok  the confirmation links the day's .ics, a text/calendar with an event")

    def change_an_answer(self):
        self.open("household")
        name, _, member = next(m for m in self.members() if m[0] == self.changed_member[0])
        no = self.driver.find_element(By.XPATH, f"//input[@name='attending-{member}' and @value='no']")
        check(no.is_selected(), f"reopened, the page does not show {name}'s earlier \"no\"")
        check(self.field(f"plus-one-name-{self.host_name_id()}").get_attribute("value") == PLUS_ONE_NAME,
              "reopened, the page does not show the plus-one's name")
        self.driver.find_element(By.XPATH, f"//input[@name='attending-{member}' and @value='yes']").click()
        self.choose(f"meal-{member}", self.meals[-1])
        self.type_into("message", CHANGED_MESSAGE)
        self.submit()
        self.expect_thanks("changing an answer")
        lines = self.answer_lines()
        check(f"{name}: attending · {self.meals[-1]}" in lines, f"after the change the confirmation lists {lines}")
        check(f"Your message: {CHANGED_MESSAGE}" in self.body_text(), "after the change the message is not the new one")
        print(f"ok  open the link again and change {name} from not attending to attending: the confirmation shows it")

    def host_name_id(self):
        return next(m[2] for m in self.members() if m[0] == self.host_name)

    def labels_and_errors(self):
        self.open("household")
        controls = self.driver.find_elements(By.CSS_SELECTOR, "input:not([type=hidden]), select, textarea, button")
        unnamed = [c.get_attribute("name") or c.tag_name for c in controls if not (c.accessible_name or "").strip()]
        check(not unnamed, f"controls without an accessible name: {unnamed}")
        for fieldset in self.driver.find_elements(By.CSS_SELECTOR, "fieldset"):
            check(fieldset.find_elements(By.XPATH, "./legend"), "a fieldset without a legend")
        print(f"ok  all {len(controls)} controls have an accessible name; every fieldset has a legend")

        member = self.host_name_id()
        dietary = self.field(f"dietary-{member}")
        # A browser stops typing at maxlength; the server must still refuse more, so it is lifted here.
        self.driver.execute_script("arguments[0].removeAttribute('maxlength'); arguments[0].value = 'x'.repeat(arguments[1]);",
                                   dietary, NOTE_LIMIT + 1)
        self.submit()
        check(self.heading() == "Will you join us?", f"an overlong note gave \"{self.heading()}\", expected the form again")
        dietary = self.field(f"dietary-{member}")
        error_id = f"dietary-{member}-error"
        check(dietary.get_attribute("aria-describedby") == error_id,
              f"the dietary field's aria-describedby is {dietary.get_attribute('aria-describedby')!r}, expected {error_id!r}")
        check(dietary.get_attribute("aria-invalid") == "true", "the dietary field is not marked aria-invalid")
        following = dietary.find_elements(By.XPATH, "following-sibling::*[1]")
        check(following and following[0].get_attribute("id") == error_id,
              "the dietary error is not the element right after its field")
        check(str(NOTE_LIMIT) in following[0].text, f"the error says \"{following[0].text}\"")
        others = [e.get_attribute("id") for e in self.driver.find_elements(By.CSS_SELECTOR, "p.error[id]") if e.get_attribute("id") != error_id]
        check(not others, f"other fields show errors too: {others}")
        print(f"ok  a dietary note of {NOTE_LIMIT + 1} characters is refused next to its field: \"{plain(following[0].text)}\"")
        self.open("household", "/thanks")
        check(f"{self.host_name}: attending · {self.meals[0]} · dietary needs: {DIETARY}" in self.answer_lines(),
              "the refused post changed the saved answers")
        print("ok  the refused post changed nothing")

    def keyboard_only(self):
        self.open("keyboard")
        body = self.driver.find_element(By.TAG_NAME, "body")
        check(self.driver.switch_to.active_element == body, "the page opens with focus on a control, not the page")
        keys = ActionChains(self.driver)
        visited = []
        for _ in range(200):
            keys.send_keys(Keys.TAB).perform()
            focused = self.driver.switch_to.active_element
            tag, kind, name = focused.tag_name, focused.get_attribute("type"), focused.get_attribute("name") or ""
            visited.append(name or tag)
            if tag == "button":
                self.after_navigation(lambda: keys.send_keys(Keys.ENTER).perform())
                break
            if kind == "radio":
                # Arrow keys move within the group and check; SPACE checks the focused one.
                keys.send_keys(Keys.SPACE if focused.get_attribute("value") == "yes" else Keys.ARROW_LEFT).perform()
                check(self.driver.switch_to.active_element.get_attribute("value") == "yes", f"{name}: the keys did not choose yes")
            elif tag == "select":
                keys.send_keys(Keys.HOME, Keys.ARROW_DOWN).perform()
                check(focused.get_attribute("value"), f"{name}: the arrow key chose no meal")
            elif name.startswith("dietary-"):
                keys.send_keys(KEYBOARD_DIETARY).perform()
            elif name.startswith("plus-one-name-"):
                keys.send_keys(KEYBOARD_PLUS_ONE).perform()
            elif name == "message":
                keys.send_keys(KEYBOARD_MESSAGE).perform()
            else:
                raise StepFailed(f"TAB reached an unexpected control {tag} {name!r}")
        else:
            raise StepFailed(f"TAB never reached the submit button: {visited}")
        self.expect_thanks("answering with the keyboard alone")
        lines = self.answer_lines()
        check(lines and all(": attending" in line or "(guest of" in line for line in lines), f"keyboard answers: {lines}")
        check(f"Your message: {KEYBOARD_MESSAGE}" in self.body_text(), "the keyboard's message is not on the confirmation")
        print(f"ok  keyboard only (TAB, SPACE, arrows, typing, ENTER; {len(visited)} stops): {'; '.join(lines)}")

    def revoked_link(self):
        self.open("revoked")
        check(self.heading() == "Page not found", f"a revoked link shows \"{self.heading()}\", expected the 404 page")
        check(not self.forms(), "a revoked link shows a form")
        with_missing = self.status_of(f"{self.base_url}/r/{self.links['revoked']}")
        never = self.status_of(f"{self.base_url}/r/{'A' * 43}")
        check(with_missing == never == 404, f"statuses: revoked {with_missing}, made-up {never}; expected 404 for both")
        print("ok  a revoked link shows the same 404 page as a made-up one")

    def after_deadline(self):
        self.open("closed")
        text = self.body_text()
        check(not self.forms(), "after the deadline the page still has a form")
        check("Answers closed on" in text, f"after the deadline the page does not say answers are closed: {text[:300]}")
        check("get in touch" in text, f"after the deadline the page has no contact line: {text[:300]}")
        check(self.answer_lines(), "after the deadline the page does not list the answers")
        print("ok  after the deadline the page is read-only: the answers, the contact line, no form")

    @staticmethod
    def status_of(url):
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code


def main():
    parser = argparse.ArgumentParser(description="Try blueprint's RSVP pages in headless Chromium.")
    parser.add_argument("base_url")
    parser.add_argument("links_file", nargs="?", help="JSON with the tokens household, keyboard, revoked, closed")
    for key in ("household", "keyboard", "revoked", "closed"):
        parser.add_argument(f"--{key}")
    arguments = parser.parse_args()
    links = {}
    if arguments.links_file:
        with open(arguments.links_file, encoding="utf-8") as file:
            links = json.load(file)
    for key in ("household", "keyboard", "revoked", "closed"):
        links[key] = getattr(arguments, key) or links.get(key)
    missing = [key for key, token in links.items() if not token]
    if missing:
        parser.error(f"no token for: {', '.join(missing)}")

    started = time.monotonic()
    step = "start Chromium"
    try:
        flow = Flow(arguments.base_url, links)
    except WebDriverException as error:
        print(f"FAIL {step}: {error.msg} (install chromium and chromium-driver)", file=sys.stderr)
        return 1
    try:
        for step, action in (("answer for a household of three", flow.answer_household_of_three),
                             ("the calendar link", flow.calendar_link),
                             ("change an answer", flow.change_an_answer),
                             ("labels and errors", flow.labels_and_errors),
                             ("keyboard only", flow.keyboard_only),
                             ("a revoked link", flow.revoked_link),
                             ("after the deadline", flow.after_deadline)):
            action()
    except (StepFailed, WebDriverException, OSError) as error:
        message = error.msg if isinstance(error, WebDriverException) else str(error)
        print(f"FAIL {step}: {message} (at {flow.driver.current_url})", file=sys.stderr)
        return 1
    finally:
        flow.close()
    print(f"ok  all steps passed in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
