"""The page in each of its five languages, in real headless Chromium (Playwright): whole games played by
clicking, no English left on a page in another language, no horizontal scrolling and no clipped button
at a phone's and a laptop's size, Thai in Thai fonts, the language menu and Accept-Language.

The harness (server, browser, screenshots to $FOOTCANASTA_SCREENSHOTS) is tests/web/test_web_browser.py's.
"English left" means a text of the ``web`` catalog's English ids, where the language's text differs,
shown in the page's visible text; card indices and the canonical action names (``lang="en"``) are English
in every language by design. The game's own words (the log, round ends, the engine's reasons: the
``footcanasta`` domain, marked ``game-text``) are checked too.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from footcanasta_env.i18n import LANGUAGES
from footcanasta_env.i18n.webcatalog import web_catalog
from tests.web.test_web_browser import VIOLATIONS, browser, play_to_the_end, server, shot, wait_ready  # noqa: F401

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
NEW_GAME = {"en": "New game", "de": "Neues Spiel", "it": "Nuova partita", "ru": "Новая игра", "th": "เกมใหม่"}

# The page's visible text, one entry per text node, leaving out what is English by design (lang="en":
# action names); hidden parts are not shown.
VISIBLE_TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!node.textContent.trim() || e.closest('[lang="en"], [hidden], script, style')) continue;
    if (e.tagName === 'OPTION' && !e.selected) continue;
    if (!e.getClientRects().length) continue;
    out.push(node.textContent);
  }
  return out;
}"""

# Every button-like control on the page that is shown: its label fits (no clipping) and it stays on screen.
CLIPPED = """() => {
  const bad = [];
  for (const e of document.querySelectorAll('button, .menu > a, summary, select, .chip')) {
    const r = e.getBoundingClientRect();
    if (!r.width) continue;
    const clipped = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
    if (clipped || r.right > innerWidth + 1 || r.left < -1) {
      bad.push(`${e.id || e.className || e.tagName}: ${JSON.stringify(e.textContent.trim().slice(0, 40))} ` +
               `scroll ${e.scrollWidth}x${e.scrollHeight} client ${e.clientWidth}x${e.clientHeight} ` +
               `right ${Math.round(r.right)}`);
    }
  }
  return bad;
}"""


# Whatever sticks out past the right edge (the body hides sideways overflow, so the page's scroll width alone
# would not tell): only a table in its own sideways scroller may.
OUTSIDE = """() => [...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width && r.right > innerWidth + 1 && !e.closest('.table-wrap, [hidden]');
}).map(e => `${e.id || e.className || e.tagName} right ${Math.round(e.getBoundingClientRect().right)}`)"""


def english_fragments(lang: str) -> list[re.Pattern]:
    """The pieces of English ids (between placeholders, three letters or more) whose text in ``lang`` is not
    the same: any of them on the page is English left untranslated."""
    cat = web_catalog(lang)
    pairs = [(k, v) for k, v in cat["messages"].items()]
    pairs += [(k, " ".join(v)) for k, v in cat["plurals"].items()]
    out = set()
    for msgid, text in pairs:
        if msgid == text:
            continue  # the same word in both languages (Joker, Partner, West in German)
        for piece in re.split(r"\{\w+\}", msgid):
            piece = piece.strip(" .,:;·()–-±❄…")
            if len(re.sub(r"[^A-Za-z]", "", piece)) >= 3 and piece not in text:
                out.add(piece)
    return [re.compile(r"(?<![A-Za-z])" + re.escape(p) + r"(?![A-Za-z])") for p in sorted(out)]


def english_left(page, lang: str) -> list[str]:
    texts = page.evaluate(VISIBLE_TEXTS)
    found = []
    for pattern in english_fragments(lang):
        found += [f"{pattern.pattern!r} in {t!r}" for t in texts if pattern.search(t)]
    return found


def check_layout(page, width: int) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, "the page scrolls sideways"
    assert page.evaluate(OUTSIDE) == [], "the page runs past its right edge"
    assert page.evaluate(CLIPPED) == []


def check_page(page, lang: str, width: int) -> None:
    """The language's words everywhere (no English left), the layout holding at this width."""
    assert page.evaluate("document.documentElement.lang") == lang
    if lang != "en":
        assert english_left(page, lang) == []
    check_layout(page, width)


def new_page(browser, url, errors, viewport, **ctx):  # noqa: F811
    context = browser.new_context(reduced_motion="reduce", viewport=viewport, **ctx)
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_ready(page)
    return page


def test_english_fragments_can_find_english():
    """The check can fail: an English label on a German page is found, a German one is not."""
    patterns = english_fragments("de")
    assert any(p.search("Take pile") for p in patterns)
    assert any(p.search("Runde 2 · Your hand: 3 cards") for p in patterns)
    assert not any(p.search("Stapel nehmen · Deine Hand: 3 Karten · Joker · West") for p in patterns)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_by_clicking_in_each_language(server, browser, lang):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=17&lang={lang}", errors, DESKTOP)
    assert page.text_content("#new-game") == NEW_GAME[lang]
    check_page(page, lang, DESKTOP["width"])
    shot(page, f"i18n-{lang}-desktop-start.png")

    def midway(page, n):
        if n in (40, 160):  # melds on the table, selections, a round's end
            check_page(page, lang, DESKTOP["width"])
        if n == 160:
            shot(page, f"i18n-{lang}-desktop-later.png")

    play_to_the_end(page, 2000, midway)
    assert page.is_visible("#results")
    check_page(page, lang, DESKTOP["width"])
    # the review panel, its figures told by the page (the search bot's answer itself is tests/layers/test_review.py's)
    page.route("**/review", lambda route: route.fulfill(json=REVIEW))
    page.click("#review-button")
    page.wait_for_selector(".review-summary")
    assert page.text_content(".review-summary") == SUMMARY[lang]
    check_page(page, lang, DESKTOP["width"])
    shot(page, f"i18n-{lang}-desktop-over.png")
    # a South with no decision to review is told so, with no accuracy claimed
    empty = {**REVIEW, "accuracy": None, "points_lost_per_decision": None, "decisions": []}
    assert page.evaluate("(r) => reviewSummary(r)", empty) == NO_DECISION[lang]
    assert page.evaluate("window.__csp") == [] and errors == []


REVIEW = {"method": "rater", "accuracy": 0.875, "points_lost_per_decision": 3.2, "bot": None, "summary": "",
          "decisions": [{"index": 4, "played": "discard 9", "best": "discard K", "loss": 21.6, "se": 3.2,
                         "accurate": False}, {"index": 7, "played": "draw", "best": "draw", "loss": 0.0, "se": 1.0,
                                              "accurate": True}]}
NO_DECISION = {
    "en": "No decision with a choice to review.",
    "de": "Keine Entscheidung mit einer Wahl zu bewerten.",
    "it": "Nessuna decisione con una scelta da valutare.",
    "ru": "Нет решений с выбором для оценки.",
    "th": "ไม่มีการตัดสินใจที่มีทางเลือกให้ประเมิน",
}
SUMMARY = {
    "en": "2 decisions reviewed: 3.2 points lost per decision, accuracy 88%",
    "de": "2 Entscheidungen analysiert: 3,2 Punkte verloren pro Entscheidung, Genauigkeit 88\u00a0%",
    "it": "2 decisioni analizzate: 3,2 punti persi per decisione, precisione 88%",
    "ru": "Разобрано 2 решения: в среднем потеряно 3,2 очка за решение, точность 88\u00a0%",
    "th": "ทบทวน 2 การตัดสินใจ: เสียเฉลี่ย 3.2 คะแนนต่อการตัดสินใจ ความแม่นยำ 88%",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_in_each_language(server, browser, lang):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=23&lang={lang}", errors, PHONE, is_mobile=True, has_touch=True,
                    device_scale_factor=2)
    check_page(page, lang, PHONE["width"])
    shot(page, f"i18n-{lang}-phone-start.png")
    # select a card: the buttons' reasons and the selection line are shown
    page.locator("#hand [data-card]").first.click(position={"x": 8, "y": 40})
    page.wait_for_function("() => document.getElementById('reason').textContent.length > 0")
    check_page(page, lang, PHONE["width"])

    def later(page, n):
        if n == 60:
            check_page(page, lang, PHONE["width"])
            shot(page, f"i18n-{lang}-phone-later.png")

    play_to_the_end(page, 2000, later)
    check_page(page, lang, PHONE["width"])
    shot(page, f"i18n-{lang}-phone-over.png")
    assert errors == []


@pytest.mark.parametrize("lang", ["de", "th"])
def test_a_canasta_game_by_clicking(server, browser, lang):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?game=canasta&seed=5&partner=greedy&opponents=greedy&lang={lang}", errors,
                    DESKTOP)
    assert page.text_content("#b-draw") == {"de": "Ziehen", "th": "จั่ว"}[lang]
    assert "5.000" in page.text_content("#status") if lang == "de" else "5,000" in page.text_content("#status")
    check_page(page, lang, DESKTOP["width"])
    shot(page, f"i18n-{lang}-canasta-start.png")
    play_to_the_end(page, 3000, lambda page, n: check_page(page, lang, DESKTOP["width"]) if n == 150 else None)
    check_page(page, lang, DESKTOP["width"])
    if lang == "de":  # Canasta's own word for going out (GLOSSARY.md), Foot Canasta's is "Ausmachen"
        heads = page.locator("#results table.score th").all_text_contents()
        assert "Herausgehen" in heads and "Ausmachen" not in heads, heads
    shot(page, f"i18n-{lang}-canasta-over.png")
    page.set_viewport_size(PHONE)
    check_layout(page, PHONE["width"])
    shot(page, f"i18n-{lang}-canasta-phone-over.png")
    assert page.evaluate("window.__csp") == [] and errors == []


def test_the_menu_switches_the_language_and_remembers_it(server, browser):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=3", errors, DESKTOP)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.text_content("#new-game") == "New game"
    options = page.eval_on_selector_all("#lang-choice option", "os => os.map(o => o.textContent)")
    assert options == ["English", "Deutsch", "Italiano", "Русский", "ไทย"]
    gid = page.evaluate("localStorage.getItem('footcanasta-game')")
    page.select_option("#lang-choice", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    wait_ready(page)
    assert page.text_content("#new-game") == "Новая игра" and "lang=ru" in page.url
    assert page.evaluate("localStorage.getItem('footcanasta-game')") == gid  # the same game, now in Russian
    assert "lang=ru" in page.get_attribute("#board-link", "href")
    page.goto(f"{server}/")  # remembered
    wait_ready(page)
    assert page.text_content("#new-game") == "Новая игра"
    page.click("#board-link")  # the leaderboard in Russian, its Play link back in Russian
    page.wait_for_selector("#play-link")
    assert page.evaluate("document.documentElement.lang") == "ru" and page.text_content("#play-link") == "Играть"
    assert "lang=ru" in page.get_attribute("#play-link", "href")
    page.goto(f"{server}/?lang=it")  # a link's language wins over the remembered one
    wait_ready(page)
    assert page.text_content("#new-game") == "Nuova partita"
    assert errors == []


def test_the_browser_language_is_followed_and_english_when_none_matches(server, browser):  # noqa: F811
    for locale, lang in (("de-AT", "de"), ("th-TH", "th"), ("fr-FR", "en")):
        errors: list[str] = []
        page = new_page(browser, f"{server}/?seed=5", errors, DESKTOP, locale=locale)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.text_content("#new-game") == NEW_GAME[lang]
        page.context.close()
        assert errors == []


def test_numbers_and_plurals_as_the_language_writes_them(server, browser):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=9&lang=ru", errors, DESKTOP)
    words = page.evaluate("() => [1, 2, 5, 11, 21, 1500].map(n => ngettext('{n} card', '{n} cards', n))")
    assert words == ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "1\u00a0500 карт"]
    page.goto(f"{server}/?seed=9&lang=de")
    wait_ready(page)
    words = page.evaluate("() => [1, 1500].map(n => ngettext('{n} card', '{n} cards', n))")
    assert words == ["1 Karte", "1.500 Karten"]
    assert errors == []


def test_thai_has_a_thai_font():
    """Debian's fonts-thai-tlwg (installed by .ci/run) is there, and the page's font stack names it."""
    assert shutil.which("fc-list"), "fontconfig is missing"
    thai = subprocess.run(["fc-list", ":lang=th", "family"], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Loma|Garuda|Norasi", thai), "no Thai font: apt-get install fonts-thai-tlwg"


def test_thai_text_uses_the_thai_fonts(server, browser):  # noqa: F811
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=9&lang=th", errors, DESKTOP)
    family = page.evaluate("getComputedStyle(document.getElementById('new-game')).fontFamily")
    assert "Loma" in family
    assert errors == []


def test_the_page_checks_can_fail(server, browser):  # noqa: F811
    """English put back on a German page is found, and so are a clipped button and a page that runs past its edge."""
    errors: list[str] = []
    page = new_page(browser, f"{server}/?seed=7&lang=de", errors, PHONE)
    check_page(page, "de", PHONE["width"])
    page.evaluate("document.getElementById('b-clear').textContent = 'Clear selection'")
    assert english_left(page, "de") == ["'(?<![A-Za-z])Clear\\\\ selection(?![A-Za-z])' in 'Clear selection'"]
    page.evaluate("() => { const b = document.getElementById('b-pickup'); b.style.width = '40px';"
                  " b.style.whiteSpace = 'nowrap'; }")
    assert [c for c in page.evaluate(CLIPPED) if c.startswith("b-pickup")]
    page.evaluate("document.getElementById('b-pickup').style.minWidth = '600px'")
    with pytest.raises(AssertionError, match="sideways|right edge"):
        check_layout(page, PHONE["width"])
    assert errors == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_leaderboard_page_has_no_english_left(server, browser, lang):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/leaderboard?game=canasta&lang={lang}")
    page.wait_for_selector("#play-link")
    assert page.evaluate("document.documentElement.lang") == lang
    assert english_left(page, lang) == []
    check_layout(page, PHONE["width"])
    shot(page, f"i18n-{lang}-leaderboard-phone.png")
    context.close()
