"""The game on a phone: whole games by clicking at 390×844 and 360×740, in both games and every language, the
hand's cards, the pile and the enabled buttons inside the screen after every move, the page never scrolled;
a round's end and the game's end shown where the player is looking; the desktop as it was.

One whole game per (game, size); the language changes along the way (the page is opened again on the same
game in the next language every few moves), so every language is played at every size in both games for the
price of four games (a whole game per language and size would cost twenty).
"""

from __future__ import annotations

import pytest

from footcanasta_env.i18n import LANGUAGES
from tests.helpers.axe import axe_violations, describe
from tests.web.test_web_browser import browser, pick_building_move, server, shot, wait_ready  # noqa: F401

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
DESKTOP = {"width": 1280, "height": 860}
EVERY = 15  # moves in one language before the next
GAMES = {"footcanasta": "seed=17", "canasta": "seed=5&partner=greedy&opponents=greedy"}

# Everything the player needs on screen, in one round trip: what is outside the screen (or hidden by the box
# that scrolls it), the page's scroll, and whether the page scrolls sideways.
OFF_SCREEN = """() => {
  const bad = [];
  const W = innerWidth, H = innerHeight;
  if (scrollY !== 0) bad.push(`the page is scrolled to ${scrollY}`);
  if (document.scrollingElement.scrollWidth > W) bad.push(`the page is ${document.scrollingElement.scrollWidth} wide`);
  const within = (r, box) => r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 &&
    r.bottom <= box.bottom + 1;
  const screen = { left: 0, top: 0, right: W, bottom: H };
  const check = (e, what, frame) => {
    const r = e.getBoundingClientRect();
    const [x, y, w, h] = [r.left, r.top, r.width, r.height].map(Math.round);
    const where = `${what} at ${x},${y} ${w}x${h}`;
    if (!r.width || !r.height) bad.push(`${what} is not drawn`);
    else if (!within(r, screen)) bad.push(`${where}: off the ${W}x${H} screen`);
    else if (frame && !within(r, frame.getBoundingClientRect())) bad.push(`${where}: cut by its box`);
  };
  const handArea = document.getElementById('hand-area');
  document.querySelectorAll('#hand [data-card]').forEach((c) => check(c, `card ${c.dataset.card}`, handArea));
  if (!document.querySelector('[data-game-over]') && !document.querySelectorAll('#hand [data-card]').length)
    bad.push('no card in the hand');
  const stacks = document.querySelectorAll('#center .stack');
  if (stacks.length < 2) bad.push('no stock and pile');
  stacks.forEach((s, i) => check(s, i ? 'the pile' : 'the stock'));
  document.querySelectorAll('#buttons button:not(:disabled)').forEach((b) => check(b, `button ${b.id}`));
  return bad;
}"""


def open_game(browser, url, viewport, errors):  # noqa: F811
    # bypass_csp: axe-core is an injected script, which the page's policy refuses
    context = browser.new_context(reduced_motion="reduce", viewport=viewport, is_mobile=viewport["width"] < 720,
                                  has_touch=viewport["width"] < 720, bypass_csp=True)
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_ready(page)
    return page


def on_screen(page, when: str) -> None:
    bad = page.evaluate(OFF_SCREEN)
    assert bad == [], f"{when}: {bad}"


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_on_a_phone_in_every_language(server, browser, game, size):  # noqa: F811
    errors: list[str] = []
    viewport = PHONES[size]
    page = open_game(browser, f"{server}/?game={game}&{GAMES[game]}&lang=en", viewport, errors)
    gid = page.evaluate("localStorage.getItem('footcanasta-game')")
    on_screen(page, f"{game} {size} en at the deal")
    shot(page, f"phone-{game}-{size}-deal.png")
    moves, languages = 0, list(LANGUAGES)
    seen = {"en"}
    while not page.query_selector("[data-game-over]"):
        assert moves < 3000, "the game did not end in 3000 moves"
        if moves and moves % EVERY == 0:  # the same game, in the next language
            lang = languages[(moves // EVERY) % len(languages)]
            page.goto(f"{server}/?game={game}&id={gid}&lang={lang}")
            wait_ready(page)
            assert page.evaluate("document.documentElement.lang") == lang
            seen.add(lang)
        pick_building_move(page)
        moves += 1
        wait_ready(page)
        on_screen(page, f"{game} {size} {page.evaluate('lang')} after move {moves}")
    assert seen == set(LANGUAGES), f"the game ended after {moves} moves, before every language had its turn"
    # the game's end: its panel on the screen, the focus on it
    box = page.evaluate("(() => { const r = document.getElementById('over').getBoundingClientRect(); return "
                        "[r.top, r.bottom, innerHeight, r.left, r.right, innerWidth, document.activeElement.id]; })()")
    assert 0 <= box[0] < box[1] <= box[2] and 0 <= box[3] < box[4] <= box[5] and box[6] == "over", box
    shot(page, f"phone-{game}-{size}-over.png")
    assert errors == []


@pytest.mark.parametrize("viewport", [PHONES["360x740"], DESKTOP], ids=["phone", "desktop"])
def test_the_round_end_is_shown_where_the_player_looks(server, browser, viewport):  # noqa: F811
    errors: list[str] = []
    page = open_game(browser, f"{server}/?game=canasta&{GAMES['canasta']}&lang=de", viewport, errors)
    assert page.is_hidden("#round-end")
    for _ in range(1000):
        if page.evaluate("state.round_results.length"):
            break
        pick_building_move(page)
        wait_ready(page)
    else:
        pytest.fail("no round ended in 1000 moves")
    page.wait_for_selector("#round-end table.score")
    shown = page.evaluate("""() => {
      const r = document.getElementById('round-end').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight, left: r.left, right: r.right, width: innerWidth,
               focus: document.activeElement.id,
               inside: document.getElementById('round-end').contains(document.activeElement) };
    }""")
    assert -1 <= shown["top"] < shown["bottom"] <= shown["height"] + 1, shown  # a scroll may end between pixels
    assert -1 <= shown["left"] < shown["right"] <= shown["width"] + 1, shown
    assert shown["inside"] and shown["focus"] == "round-end-continue", shown
    assert page.text_content("#round-end-continue") == "Weiter"
    shot(page, f"round-end-{viewport['width']}.png")
    if viewport is not DESKTOP:
        on_screen(page, "at the round's end")  # the hand and the buttons stay below the panel
    assert describe(axe_violations(page, context="#round-end")) == ""
    # Continue (Enter on the focused button, a tap on a phone): the panel goes, the focus to a move
    page.keyboard.press("Enter") if viewport is DESKTOP else page.click("#round-end-continue")
    page.wait_for_selector("#round-end", state="hidden")
    assert page.evaluate("document.activeElement.closest('#buttons, #hand, #legal') !== null")
    assert errors == []


def test_the_phone_menu_folds_and_opens(server, browser):  # noqa: F811
    errors: list[str] = []
    page = open_game(browser, f"{server}/?game=canasta&{GAMES['canasta']}&lang=de", PHONES["390x844"], errors)
    assert page.is_hidden("#new-game") and page.is_hidden("#lang-choice") and page.is_hidden("#rules-link")
    assert page.evaluate("document.getElementById('top').getBoundingClientRect().height") < 70
    page.click("#menu-button")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    for part in ("#game-choice", "#new-game", "#daily", "#hint", "#board-link", "#rules-link", "#lang-choice",
                 "#settings-label"):
        assert page.is_visible(part), part
    assert page.get_attribute("#rules-link", "href") == "/rules?game=canasta&lang=de"
    assert page.text_content("#rules-link") == "Regeln" and page.text_content("#menu-label") == "Menü"
    shot(page, "phone-menu.png")
    assert describe(axe_violations(page, context="#top")) == ""
    page.keyboard.press("Escape")
    assert page.is_hidden("#new-game") and page.get_attribute("#menu-button", "aria-expanded") == "false"
    page.click("#menu-button")
    page.click("#new-game")  # a choice closes the menu
    assert page.is_hidden("#new-game")
    wait_ready(page)
    on_screen(page, "after New game")
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_the_desktop_keeps_its_layout(server, browser, game):  # noqa: F811
    errors: list[str] = []
    page = open_game(browser, f"{server}/?game={game}&{GAMES[game]}&lang=de", DESKTOP, errors)
    assert page.is_hidden("#menu-button")
    for part in ("#game-choice", "#new-game", "#daily", "#hint", "#board-link", "#rules-link", "#lang-choice"):
        assert page.is_visible(part), part
    on_screen(page, "at the deal")
    # the table across the page, the buttons and the log side by side below the hand, as before
    rects = page.evaluate("""() => Object.fromEntries(['table', 'melds', 'hand-area', 'controls', 'log-area']
      .map((id) => { const r = document.getElementById(id).getBoundingClientRect();
                     return [id, [r.left, r.top, r.width]]; }))""")
    assert rects["table"][2] > 1000 and rects["melds"][1] > rects["table"][1]
    assert rects["hand-area"][1] > rects["melds"][1] and rects["controls"][1] > rects["hand-area"][1]
    assert rects["log-area"][0] > rects["controls"][0] + 400 and abs(rects["log-area"][1] - rects["controls"][1]) < 2
    for _ in range(12):
        pick_building_move(page)
        wait_ready(page)
    # later in a round the melds grow and a desktop page scrolls, as it always has: the hand and the buttons
    # stay in the page below the melds (not folded away), and nothing runs sideways
    later = page.evaluate("""() => [document.scrollingElement.scrollWidth, innerWidth,
      getComputedStyle(document.getElementById('middle')).display,
      document.getElementById('hand-area').offsetHeight]""")
    assert later[0] <= later[1] and later[2] == "contents" and later[3] > 60, later
    shot(page, f"desktop-{game}.png")
    assert errors == []
