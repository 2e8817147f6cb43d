"""JSON (de)serialisation of plain-data game states.

States are dataclasses whose fields are built from ``int``, ``str``, ``bool``,
``None``, lists, tuples, ``dict[str, …]`` and other such dataclasses. The codec
walks the type hints, so a game needs no hand-written ``to_dict``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from typing import Any, TypeVar

from games.core.errors import InvalidState

T = TypeVar("T")


def to_plain(value: Any) -> Any:
    """Convert a state (or any part of one) into JSON-able data."""
    if isinstance(value, str | int | float | None):
        return value
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_plain(getattr(value, name)) for name, _ in _fields(type(value))}
    raise InvalidState(f"cannot serialise {type(value).__name__}")


def from_plain(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_plain` output."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arm in args:
            if arm is type(None):
                continue
            try:
                return from_plain(arm, data)
            except InvalidState as exc:
                errors.append(str(exc))
        # The data is not quoted: a damaged state may hold hidden cards.
        raise InvalidState(f"no type of {tp} fits a {type(data).__name__}: {errors}")
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(data, dict):
            raise InvalidState(f"{tp.__name__} expects an object")
        kwargs = {name: from_plain(hint, data[name]) for name, hint in _fields(tp) if name in data}
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise InvalidState(f"{tp.__name__}: {exc}") from exc
    if origin is list:
        _expect(data, list, tp)
        if args[0] in _SCALARS:
            # The common case (cards, scores): check types without recursing.
            if not all(type(v) is args[0] for v in data):
                raise InvalidState(f"{tp} holds a value of another type")
            return list(data)
        return [from_plain(args[0], v) for v in data]
    if origin is tuple:
        _expect(data, list, tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v) for v in data)
        if len(args) != len(data):
            raise InvalidState(f"{tp} expects {len(args)} items")
        return tuple(from_plain(a, v) for a, v in zip(args, data, strict=True))
    if origin is dict:
        _expect(data, dict, tp)
        if args[0] is int:
            if not all(k.lstrip("-").isdecimal() for k in data):
                raise InvalidState(f"{tp} expects integer keys")
            return {int(k): from_plain(args[1], v) for k, v in data.items()}
        return {k: from_plain(args[1], v) for k, v in data.items()}
    if tp in (int, str, bool, float):
        if tp is int and isinstance(data, bool):
            raise InvalidState("expected an integer")
        if tp is float and isinstance(data, int):
            return float(data)
        _expect(data, tp, tp)
        return data
    if tp is type(None):
        if data is not None:
            raise InvalidState("expected null")
        return None
    raise InvalidState(f"unsupported type {tp}")


_SCALARS = (str, int)


@functools.cache
def _fields(tp: type) -> tuple[tuple[str, Any], ...]:
    """Field names and resolved types of a dataclass (resolving hints is slow)."""
    hints = typing.get_type_hints(tp)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))


def _expect(data: Any, kind: type, tp: Any) -> None:
    if not isinstance(data, kind):
        raise InvalidState(f"{tp} expects {kind.__name__}, got {type(data).__name__}")


def dumps(state: Any) -> str:
    """Compact JSON text of a state."""
    return json.dumps(to_plain(state), separators=(",", ":"), ensure_ascii=False)


def loads(tp: type[T], text: str) -> T:
    """Load a state of dataclass type ``tp`` from :func:`dumps` text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidState(f"not JSON: {exc}") from exc
    result: T = from_plain(tp, data)
    return result
