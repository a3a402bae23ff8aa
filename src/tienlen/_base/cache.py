"""The library's caches of shared values, one kind for all of them (private).

Every cache is a :class:`BoundedCache`: a dictionary that holds at most ``limit`` entries and
starts again empty when it is full, so no cache grows with the length of a run. Each registers
itself under its name, and :func:`stats` reports them all (the speed page and
``benchmarks/bench_caches.py`` read it). A cached value is immutable and equal to what its maker
would make again, so a cache that was emptied changes no result, only the time it takes.

>>> squares: BoundedCache[int, int] = BoundedCache("squares (example)", limit=2, holds="squares")
>>> squares.get(3) or squares.put(3, 9)
9
>>> squares.put(4, 16), squares.put(5, 25), len(squares)
(16, 25, 1)
>>> stats()["squares (example)"].clears
1
>>> forget("squares (example)")
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["CACHES", "BoundedCache", "CacheStats", "forget", "stats"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class BoundedCache(dict[_K, _V]):
    """A dictionary of at most ``limit`` entries: read it with ``get`` (a plain dictionary look-up,
    the hot path) and fill it with :meth:`put`, which empties it first when it is full."""

    __slots__ = ("clears", "holds", "limit", "most", "name")

    def __init__(self, name: str, *, limit: int, holds: str) -> None:
        super().__init__()
        self.name = name  # how the speed page and the statistics call it
        self.limit = limit
        self.holds = holds  # what one entry is, in words
        self.most = 0  # the most entries held at once so far
        self.clears = 0  # how many times it was full and started again
        CACHES[name] = self

    def put(self, key: _K, value: _V) -> _V:
        """Keep ``value`` under ``key`` (after emptying the cache if it is full) and return it."""
        if len(self) >= self.limit:
            self.clear()
            self.clears += 1
        self[key] = value
        if len(self) > self.most:
            self.most = len(self)
        return value


@attrs.frozen(kw_only=True)
class CacheStats:
    """One cache's figures: entries held now, the most ever held, its bound, and how many times it
    was full and started again empty."""

    name: str
    holds: str
    size: int
    most: int
    limit: int
    clears: int


CACHES: dict[str, BoundedCache[Any, Any]] = {}
"""Every cache of the library, by name (filled as the modules that own them are imported)."""


def stats() -> dict[str, CacheStats]:
    """The figures of every cache, by name."""
    return {
        name: CacheStats(name=name, holds=cache.holds, size=len(cache), most=cache.most, limit=cache.limit, clears=cache.clears)
        for name, cache in CACHES.items()
    }


def forget(name: str) -> None:
    """Stop reporting the cache called ``name`` (one made for an example or a test)."""
    del CACHES[name]
