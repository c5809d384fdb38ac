"""The language of a request and the server's texts in it.

A request's language is its ``lang`` query parameter when given (one of ``i18n.LANGUAGES``; another is a
``WebError``), else its ``Accept-Language`` header (the page sets it to the language chosen on the page;
a browser sends the person's own), English when nothing matches. ``error_text`` renders an exception
for the answer's ``error``: a ``Message`` it carries (the server's own, of the ``web`` domain, or the
engine's, of the ``footcanasta`` domain) in that language, else its first line as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..i18n import DEFAULT_LANG, LANGUAGES, check_lang, negotiate, translator
from ..messages import N_, Message

__all__ = ["error_text", "gettext", "lang_of", "render"]


def lang_of(query: Mapping[str, str], headers: Mapping[str, str]) -> str:
    """The language of a request: ``?lang=`` if given, else the ``Accept-Language`` header's best match."""
    given = query.get("lang")
    if given is not None:
        try:
            return check_lang(given)
        except ValueError:
            from .session import WebError  # session imports nothing of this module's

            raise WebError(Message(N_("unknown language {lang}: the languages are {languages}"),
                                   lang=repr(given), languages=", ".join(LANGUAGES))) from None
    return negotiate(headers.get("accept-language"))


def gettext(lang: str) -> Callable[[str], str]:
    """The texts of ``lang``: the ``web`` domain's, then the ``footcanasta`` domain's (the engine's and the
    table's messages inside the server's)."""
    if lang == DEFAULT_LANG:
        return lambda msgid: msgid
    web = translator(lang, "web").gettext
    game = translator(lang, "footcanasta").gettext

    def both(msgid: str) -> str:
        text = web(msgid)
        return text if text != msgid else game(msgid)

    return both


def render(message: Message | str, lang: str) -> str:
    """A message (or a plain id) of either domain in ``lang``."""
    tr = gettext(lang)
    return message.render(tr) if isinstance(message, Message) else tr(message)


def message_of(exc: BaseException) -> Message | None:
    """The ``Message`` an exception carries (``.message``, or its first argument), if any."""
    msg = getattr(exc, "message", None)
    if isinstance(msg, Message):
        return msg
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else None


def error_text(exc: BaseException, lang: str) -> str:
    """An exception as the first line of an answer's ``error``, in ``lang`` when it carries a message."""
    msg = message_of(exc)
    text = msg.render(gettext(lang)) if msg is not None else str(exc)
    return text.splitlines()[0] if text.strip() else type(exc).__name__
