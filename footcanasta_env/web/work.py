"""Bot work that nobody waits for is abandoned: a deadline and a cancel flag that the bots' loops check.

Python cannot stop a thread from outside, so the long loops of the server's bot work (the bots' moves up
to the person's next decision, a review's decisions) call ``Work.check()`` between steps: past the
deadline, or once the request that asked for the work has gone (its client hung up, or the front door's
time limit answered it), ``check`` raises ``Abandoned`` and the thread is free again at once. Whatever the
work changed in memory is dropped with it (the room keeps a game only at the version the store holds).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ..messages import N_, Message
from .session import WebError

T = TypeVar("T")


class Abandoned(WebError):
    """Bot work stopped because nobody waits for its answer any more, or its deadline passed."""


class Work:
    """One request's bot work: ``check()`` between steps; ``cancel()`` from the request's side."""

    def __init__(self, seconds: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.deadline = clock() + seconds if seconds else None
        self.cancelled = threading.Event()

    def cancel(self) -> None:
        self.cancelled.set()

    def check(self) -> None:
        """Raise ``Abandoned`` when the work should stop now."""
        if self.cancelled.is_set():
            raise Abandoned(Message(N_("the request was abandoned")), 503)
        if self.deadline is not None and self.clock() > self.deadline:
            raise Abandoned(Message(N_("the bots ran out of time; try again")), 503)

    def bind(self, fn: Callable[..., T]) -> Callable[..., T]:
        """``fn`` called with this work as the keyword ``work``, checked once before it starts (a request
        that waited in the queue past its deadline, or was abandoned there, costs nothing)."""

        def run(*args: Any) -> T:
            self.check()
            return fn(*args, work=self)

        return run
