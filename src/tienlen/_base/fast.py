"""Fast construction of immutable values the engine has already proved right (private).

The engine makes a new value per action (a round, a played event, a combination the move
generator found). Their checks and attrs' ``__init__`` would cost more than the rest of the work,
and the values are known good, so the hot paths fill the slots directly. This module is the one
place that does it, and it checks what it does when the package is imported:

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> @fast(Point)
... def point(x: int, y: int) -> Point:
...     raise NotImplementedError  # fast() writes the body
>>> point(1, 2)
Point(x=1, y=2)

The decorated function only declares the parameters (so a type checker checks every call); its
body is never run. Their names must be the class's fields in order, else the import fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

__all__ = ["fast", "slot_setter"]

_P = ParamSpec("_P")
_V = TypeVar("_V")


def _fields(cls: type) -> list[tuple[str, str, object]]:
    """``(slot, parameter, default)`` of each field: an attrs class's fields (a field left out of
    ``__init__`` is filled with its default), or the ``__slots__`` of a plain class."""
    if attrs.has(cls):
        if "__slots__" not in vars(cls):
            raise TypeError(f"{cls.__name__} has no slots; fast construction needs attrs' slots=True")
        return [(f.name, f.alias if f.init else "", f.default) for f in attrs.fields(cls)]
    slots = vars(cls).get("__slots__", ())
    if not slots:
        raise TypeError(f"{cls.__name__} is neither an attrs class nor a class with __slots__")
    return [(name, name, attrs.NOTHING) for name in slots]


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The function that writes slot ``name`` of a ``cls`` value (frozen or not): for a value being
    built, or a cache slot filled on first ask. Raises :class:`TypeError` when ``cls`` has no such slot."""
    for klass in cls.__mro__:
        slot = vars(klass).get(name)
        if slot is not None and "__slots__" in vars(klass) and name in vars(klass)["__slots__"]:
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def fast(cls: type[_V]) -> Callable[[Callable[_P, _V]], Callable[_P, _V]]:
    """A decorator: the declared function becomes a constructor of ``cls`` that fills its slots
    from its arguments, without ``__init__`` or any check.

    Raises :class:`TypeError` (at import, where it is used) when the parameters are not the fields
    of ``cls`` in order, or a field left out has no plain default to fill it with.
    """

    def make(declared: Callable[_P, _V]) -> Callable[_P, _V]:
        code = declared.__code__
        parameters = list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])
        fields = _fields(cls)
        wanted = [parameter for _, parameter, _ in fields if parameter]
        if parameters != wanted:
            raise TypeError(f"{declared.__name__} must take the fields of {cls.__name__} in order: {wanted}, not {parameters}")
        scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        lines = [f"def {declared.__name__}({', '.join(parameters)}):", "    value = _new(_cls)"]
        for k, (slot, parameter, default) in enumerate(fields):
            if not parameter and (default is attrs.NOTHING or isinstance(default, attrs.Factory)):  # type: ignore[arg-type]
                raise TypeError(f"{cls.__name__}.{slot} is left out of {declared.__name__} but has no plain default")
            scope[f"_set{k}"] = slot_setter(cls, slot)
            scope[f"_default{k}"] = default
            lines.append(f"    _set{k}(value, {parameter or f'_default{k}'})")
        lines.append("    return value")
        exec("\n".join(lines), scope)  # one line per slot, as attrs writes its own __init__
        built: Callable[_P, _V] = scope[declared.__name__]
        built.__doc__ = declared.__doc__
        built.__qualname__ = declared.__qualname__
        built.__module__ = declared.__module__
        return built

    return make
