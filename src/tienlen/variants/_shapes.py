"""The type checker of the rule-set schema: each field's value against its annotation, refused
with :class:`~tienlen.InvalidRules` naming the field.

The checker reads the annotations themselves (resolved by :func:`attrs.resolve_types`): a
``Literal`` lists the allowed values; a union, ``None``, ``tuple[X, ...]`` (any length),
``tuple[X, Y]`` (one per item) and classes have their usual meaning; a whole number is never a
``bool`` and is at most :data:`~tienlen._base.input.MAX_AMOUNT` in size. The schema gives only the
words a message uses for each annotation; this module knows no axis.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from tienlen._base.input import MAX_AMOUNT, shown
from tienlen.errors import InvalidRules

__all__ = ["check_shape", "check_fields"]


def check_shape(value: Any, kind: Any, field: str, shape: str) -> None:
    """Refuse ``value`` unless it fits the annotation ``kind``, saying it expected ``shape`` (a
    key of the message words' ``shape`` table: ``"int"``, ``"names"``)."""
    if _fits(value, kind):
        return
    if int in _leaves(kind):
        raise InvalidRules.of("axis-wrong-type-number", field=field, shape=shape, high=MAX_AMOUNT, value=shown(value))
    raise InvalidRules.of("axis-wrong-type", field=field, shape=shape, value=shown(value))


def _leaves(kind: Any) -> set[Any]:
    """The plain types an annotation is made of (``int`` in ``tuple[tuple[int, int], ...]``)."""
    args = [arg for arg in get_args(kind) if arg is not ...]
    return set().union(*map(_leaves, args)) if args else {kind}


def _fits(value: Any, kind: Any) -> bool:
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is ...:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args, strict=True))
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool) and -MAX_AMOUNT <= value <= MAX_AMOUNT
    if kind is None or kind is types.NoneType:
        return value is None
    return isinstance(value, kind)


def check_fields(value: Any, fields: Iterable[attrs.Attribute[Any]], shapes: Mapping[Any, str]) -> None:
    """Check each field of ``value`` against its resolved annotation; ``shapes`` say what each
    annotation (without its ``None``) expects, for the message (a key of the ``shape`` words)."""
    for field in fields:
        item, kind = getattr(value, field.name), field.type
        if get_origin(kind) is Literal:
            if item not in get_args(kind):
                raise InvalidRules.of(
                    "axis-word-not-allowed", field=field.name, item=shown(item), repr=", ".join(map(repr, get_args(kind)))
                )
        elif not _fits(item, kind):
            check_shape(item, kind, field.name, shapes[_without_none(kind)])


def _without_none(kind: Any) -> Any:
    args = get_args(kind)
    if get_origin(kind) in (Union, types.UnionType) and types.NoneType in args:
        rest = [a for a in args if a is not types.NoneType]
        return rest[0] if len(rest) == 1 else Union[tuple(rest)]  # noqa: UP007 (a union made at run time)
    return kind
