"""One check that a call releases the GIL, proved by the order of events rather than timed.

While the main thread runs `call()`, another thread waits to record whether the call has
returned. The switch interval is set far beyond the call, so the interpreter never takes the
GIL from the main thread by force: the other thread can run only when the main thread gives
the GIL up of its own accord. If it records "not returned yet", the call gave the GIL up; had
the call held it throughout, the other thread could only run after it returned.
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, TypeVar

T = TypeVar("T")

# Longer than any call under test: no switch is ever forced while the check runs.
NO_FORCED_SWITCH = 1000.0


def released_the_gil(call: Callable[[], T]) -> tuple[bool, T]:
    """Runs `call()` on this thread; returns whether another thread ran before it returned,
    and its result. The call must be long (the other thread is already waiting for the GIL
    when the call starts, but the operating system decides when it wakes)."""
    waiting = threading.Event()
    go = threading.Event()
    returned = [False]
    seen: list[bool] = []

    def other() -> None:
        waiting.set()
        go.wait()
        seen.append(returned[0])

    worker = threading.Thread(target=other)
    old_interval = sys.getswitchinterval()
    worker.start()
    # The worker blocks in go.wait() with the GIL released; from here on it can only take the
    # GIL where this thread gives it up.
    waiting.wait()
    sys.setswitchinterval(NO_FORCED_SWITCH)
    try:
        go.set()
        result = call()
        returned[0] = True
    finally:
        sys.setswitchinterval(old_interval)
    worker.join()
    return seen == [False], result


def assert_releases_the_gil(call: Callable[[], T]) -> T:
    """`call()`'s result, after checking that another thread ran while it was running."""
    released, result = released_the_gil(call)
    assert released, "the other thread ran only after the call returned: the call held the GIL"
    return result
