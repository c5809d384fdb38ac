"""Messages people read, as an id and parameters: the engine raises them, readers render them in a language.

The id is the English text with ``{name}`` placeholders (gettext's convention: the source text is the key of
every catalog). This module is pure Python so that the engines can use it; ``footcanasta_env.i18n`` renders
a ``Message`` in any language of the catalogs.
"""

from __future__ import annotations

__all__ = ["Message", "MessageError", "N_"]


def N_(msgid: str) -> str:
    """Mark a text for extraction into the catalogs without translating it here."""
    return msgid


class Message:
    """An id (the English text, ``{name}`` placeholders) with its parameters; ``str()`` is the English text.

    A parameter may itself be a ``Message`` (a reason inside a refusal): it is rendered in the same
    language as the message around it.
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, **params: object) -> None:
        self.msgid = msgid
        self.params = params

    def render(self, gettext=None) -> str:
        """The text through ``gettext`` (the identity, that is English, when None), parameters filled in."""
        template = gettext(self.msgid) if gettext else self.msgid
        params = {k: (v.render(gettext) if isinstance(v, Message) else v) for k, v in self.params.items()}
        return template.format(**params) if params else template  # a plain text may hold braces

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.msgid, self.params) == (other.msgid, other.params)

    def __hash__(self) -> int:
        return hash(self.msgid)


class MessageError(ValueError):
    """A ``ValueError`` whose reason is a ``Message``: ``str()`` is English, ``message`` renders in a language."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message
