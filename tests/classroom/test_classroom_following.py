"""The pages' store follower: it keeps polling through store errors and bugs, saying what failed."""
from __future__ import annotations

import asyncio

from ccg.classroom.following import StoreFollower
from ccg.classroom.store import StoreError


class _Page(StoreFollower):
    followed = "the table"

    def __init__(self, fails: list[BaseException | None], allowed: bool = True) -> None:
        self.poll = 0.001
        self._task = None
        self.fails = fails
        self.calls = 0
        self.said: list[tuple[str, bool]] = []
        self.allowed = allowed

    def catch_up(self) -> object:
        self.calls += 1
        fail = self.fails.pop(0) if self.fails else None
        if fail is not None:
            raise fail
        return True

    def may_follow(self) -> bool:
        return self.allowed

    def _say(self, text: str, error: bool = False) -> None:
        self.said.append((text, error))


def test_follower_keeps_polling_through_store_errors_and_bugs():
    page = _Page([StoreError("database is locked"), KeyError("seat"), None])

    async def run() -> None:
        page.start()
        assert page._task is not None
        while page.calls < 4:
            await asyncio.sleep(0.001)
        page._task.cancel()

    asyncio.run(run())
    assert page.said[0] == ("cannot reach the table (database is locked)", True)
    assert page.said[1] == ("internal error (KeyError: 'seat')", True)
    assert len(page.said) == 2 and page.calls >= 4


def test_follower_does_not_start_when_vetoed():
    vetoed = _Page([], allowed=False)

    async def run() -> None:
        vetoed.start()

    asyncio.run(run())
    assert vetoed._task is None and vetoed.calls == 0
