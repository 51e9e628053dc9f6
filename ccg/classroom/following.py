"""Following the shared store from a page: poll it in the kernel's event loop, say what fails."""
from __future__ import annotations

import asyncio
from typing import Any

from .store import StoreError


class StoreFollower:
    """Mixin for a page that keeps up with the store: ``start()`` polls ``catch_up()`` every ``poll``
    seconds in the kernel's event loop (a Voila page keeps its kernel running), and a failure is shown
    with ``_say`` instead of stopping the page — the store may come back, a bug must not freeze it.

    The class sets ``poll``, ``_task`` (None until started), ``followed`` (what the error names),
    ``catch_up()`` and ``_say(text, error)``; ``may_follow()`` can veto following.
    """

    poll: float
    _task: Any
    followed = "the store"

    def catch_up(self) -> object:  # pragma: no cover - each page defines it
        raise NotImplementedError

    def _say(self, text: str, error: bool = False) -> None:  # pragma: no cover - each page defines it
        raise NotImplementedError

    def may_follow(self) -> bool:
        return True

    def start(self) -> None:
        """Poll the store in the kernel's event loop; without a loop (a plain script) the caller catches up itself."""
        if self._task is None and self.may_follow() and self.poll > 0:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
            self._task = loop.create_task(self._follow())

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                self.catch_up()
            except StoreError as exc:
                self._say(f"cannot reach {self.followed} ({exc})", error=True)
            except Exception as exc:  # a bug must not stop the page from following
                self._say(f"internal error ({type(exc).__name__}: {exc})", error=True)
