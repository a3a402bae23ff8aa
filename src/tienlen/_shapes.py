"""The type checker of the rule-set schema: each field's value against the shape its annotation
names, refused with :class:`~tienlen.InvalidRules` naming the field.

A shape is a type, ``None``, a tuple of shapes (one per item), or ``(shape, ...)`` for a tuple of
any length; a whole number is at most :data:`~tienlen._input.MAX_AMOUNT` in size and never a
``bool``. The schema (:mod:`tienlen.rules`) gives the table of its annotations' shapes and words;
this module knows no axis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args

import attrs

from tienlen._input import MAX_AMOUNT, shown
from tienlen.errors import InvalidRules

Shape = tuple[Any, str] | Callable[[Any], tuple[Any, str]]
"""A field's shape and the words that describe it, or a function giving both from the value."""

__all__ = ["Shape", "check_shape", "check_fields"]


def check_shape(value: Any, shape: Any, field: str, words: str) -> None:
    """Refuse ``value`` unless it has ``shape``, saying it expected ``words``."""
    if _fits(value, shape):
        return
    bounds = f" of at most {MAX_AMOUNT:,} in size" if "whole number" in words else ""
    raise InvalidRules(f"{field}: expected {words}{bounds}, got {shown(value)}")


def _fits(value: Any, shape: Any) -> bool:
    if isinstance(shape, tuple):
        if not isinstance(value, tuple):
            return False
        if len(shape) == 2 and shape[1] is ...:
            return all(_fits(v, shape[0]) for v in value)
        return len(value) == len(shape) and all(_fits(v, s) for v, s in zip(value, shape, strict=True))
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool) and -MAX_AMOUNT <= value <= MAX_AMOUNT
    if shape is None:
        return value is None
    return isinstance(value, shape)


def check_fields(
    value: Any, fields: Iterable[attrs.Attribute[Any]], shapes: Mapping[str, Shape], literals: Mapping[str, Any]
) -> None:
    """Check each field of ``value`` against its annotation: one of ``literals`` (a ``Literal``
    alias: the value is one of its choices) or a key of ``shapes``."""
    for field in fields:
        item, kind = getattr(value, field.name), str(field.type)
        if kind in literals:
            allowed = get_args(literals[kind])
            if item not in allowed:
                raise InvalidRules(f"{field.name}: {shown(item)} is not allowed; use one of {', '.join(map(repr, allowed))}")
            continue
        shape = shapes[kind]
        want, words = shape(item) if callable(shape) else shape
        check_shape(item, want, field.name, words)
