"""The server's HTML pages beside the game: a game's rule book, a page's error, and the web app manifest.

``rules_page`` renders a game's rule book (its ``rules_text`` in the reader's language: the Markdown of
``docs/``, the manifest's ``rules``) as HTML with markdown-it-py (CommonMark and its tables; raw HTML in the
Markdown is escaped, never passed on), each section heading given an anchor and listed in a contents menu,
each table wrapped in a frame that scrolls on its own on a phone. No page has a script or an inline style:
the content security policy (``front.CSP``) allows only the site's own files, so a table's column alignment
becomes a class. ``error_page`` says what was wrong with a page's query, with a way back. ``fill`` fills a
template's ``{{name}}`` slots; ``HEAD`` is what every page's ``<head>`` links: the icons, the manifest
(``GET /manifest.webmanifest``, served as ``application/manifest+json``, for "Add to home screen") and the
style sheets (``pages.css`` holds the leaderboard's and the rules' own).
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel import Locale

from ..games import get_game
from ..i18n import LANGUAGES
from ..messages import N_, Message
from .checks import check_keys
from .lang import render
from .session import WebError

STATIC = Path(__file__).with_name("static")
MANIFEST = STATIC / "manifest.webmanifest"
MANIFEST_TYPE = "application/manifest+json"
HEAD = ('<meta name="theme-color" content="#174a31">\n'
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n'
        '<link rel="apple-touch-icon" href="/static/apple-touch-icon.png">\n'
        '<link rel="manifest" href="/manifest.webmanifest">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        '<link rel="stylesheet" href="/static/pages.css">')
SLOT = re.compile(r"\{\{(\w+)\}\}")
ALIGN = re.compile(r"^text-align:(left|right|center)$")
TEXTS = {"back": N_("Back to the game"), "leaderboard": N_("Leaderboard"), "contents": N_("Contents"),
         "languages": N_("The rules in another language"), "menu": N_("Menu")}


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with each ``{{name}}`` replaced by ``values[name]`` (already HTML); a slot without a value
    is a mistake of ours, refused by name."""
    missing = sorted({m for m in SLOT.findall(template) if m not in values})
    if missing:
        raise KeyError(f"the page template has slots without values: {', '.join(missing)}")
    return SLOT.sub(lambda m: values[m.group(1)], template)


def _shell(lang: str, title: str, header: str, main: str, kind: str) -> str:
    values = {"head": HEAD, "lang": lang, "title": html.escape(title), "header": header, "main": main, "kind": kind}
    return fill((STATIC / "page.html").read_text(encoding="utf-8"), values)


def error_page(message: str, lang: str, back: str = "/") -> str:
    """A page saying ``message`` (in ``lang``), with a link to ``back``."""
    label = html.escape(render(N_("Back"), lang))
    header = f'<nav class="menu"><a href="{html.escape(back)}" id="back-link">{label}</a></nav>'
    main = f'<p role="alert" class="problem">{html.escape(message)}</p>'
    return _shell(lang, message, header, main, "error")


@functools.cache
def _markdown() -> Any:
    from markdown_it import MarkdownIt  # rich's own dependency: loaded when a rule book is first asked for

    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def _slug(text: str, seen: set[str]) -> str:
    """A heading's anchor: its section number when it has one (``## 4. Melds`` is ``s4``), else its words."""
    number = re.match(r"^(\d+(?:\.\d+)*)\.?\s", text)
    base = "s" + number.group(1).replace(".", "-") if number else "s-" + "-".join(re.findall(r"\w+", text.lower()))[:40]
    slug, n = base, 1
    while slug in seen:
        n += 1
        slug = f"{base}-{n}"
    seen.add(slug)
    return slug


def render_rules(markdown: str, contents_label: str) -> tuple[str, str]:
    """A rule book's Markdown as HTML, and its contents menu (a link to each section)."""
    md = _markdown()
    tokens = md.parse(markdown)
    seen: set[str] = set()
    toc = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            title = tokens[i + 1].content
            token.attrSet("id", _slug(title, seen))
            toc.append(f'<li><a href="#{token.attrGet("id")}">{html.escape(title)}</a></li>')
        elif token.type in ("th_open", "td_open") and ALIGN.match(str(token.attrGet("style") or "")):
            align = ALIGN.match(str(token.attrGet("style"))).group(1)
            token.attrs.pop("style")  # no inline style: the CSP refuses it
            token.attrSet("class", "align-" + align)
        elif token.type == "table_open":
            token.attrSet("class", "rules-table")
    body = md.renderer.render(tokens, md.options, {})
    # a wide table scrolls inside its own frame on a phone, never the page; the frame takes the keyboard's focus
    body = body.replace('<table class="rules-table">', '<div class="table-wrap" tabindex="0"><table>')
    body = body.replace("</table>", "</table></div>")
    contents = (f'<details class="contents"><summary>{html.escape(contents_label)}</summary><ul>{"".join(toc)}</ul>'
                "</details>") if toc else ""
    return body, contents


@functools.lru_cache(maxsize=32)
def _rendered(markdown: str, contents_label: str) -> tuple[str, str]:
    """``render_rules``, once per rule book and language: a rule book changes only with the package."""
    return render_rules(markdown, contents_label)


def _language_links(game: str, lang: str) -> str:
    links = []
    for code in LANGUAGES:
        name = Locale.parse(code).get_display_name(code)
        name = name[:1].upper() + name[1:]
        current = ' aria-current="page"' if code == lang else ""
        href = html.escape("/rules?" + urlencode({"game": game, "lang": code}))
        links.append(f'<li><a href="{href}" lang="{code}" hreflang="{code}"{current}>{html.escape(name)}</a></li>')
    return "".join(links)


def rules_page(query: dict[str, Any], lang: str) -> str:
    """GET /rules?game=NAME&lang=CODE: the game's rule book in ``lang`` as a page (a 404 for an unknown game or
    a game without a rule book)."""
    check_keys(query, {"game"})
    try:
        game = get_game(query.get("game"))
    except ValueError as e:
        raise WebError(getattr(e, "message", None) or str(e), 404) from None
    try:
        markdown = game.rules_text(lang=lang)
    except (ValueError, OSError, AttributeError):
        raise WebError(Message(N_("{title} has no rule book in this language"), title=game.TITLE), 404) from None
    words = {k: render(v, lang) for k, v in TEXTS.items()}
    body, contents = _rendered(markdown, words["contents"])
    back = html.escape("/?" + urlencode({"game": game.NAME, "lang": lang}))
    board = html.escape("/leaderboard?" + urlencode({"game": game.NAME, "lang": lang}))
    header = (f'<nav class="menu" aria-label="{html.escape(words["menu"])}">'
              f'<a href="{back}" id="play-link">{html.escape(words["back"])}</a>'
              f'<a href="{board}" id="board-link">{html.escape(words["leaderboard"])}</a></nav>')
    languages = (f'<nav class="languages" aria-label="{html.escape(words["languages"])}"><ul>'
                 f"{_language_links(game.NAME, lang)}</ul></nav>")
    title = render(Message(N_("{title}: the rules"), title=game.TITLE), lang)
    return _shell(lang, title, header, f"{languages}{contents}<article class=\"rules\">{body}</article>", "rules")
