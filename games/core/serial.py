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
from collections.abc import Callable
from typing import Any, TypeVar

from games.core.errors import InvalidState

T = TypeVar("T")


def to_plain(value: Any) -> Any:
    """Convert a state (or any part of one) into JSON-able data."""
    kind: Any = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        return [to_plain(v) for v in value]
    if kind is dict:
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, str | int | float):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_plain(getattr(value, name)) for name in _names(kind)}
    raise InvalidState(f"cannot serialise {type(value).__name__}")


_PLAIN = frozenset({str, int, float, bool, type(None)})


def from_plain(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_plain` output."""
    return _decoder(tp)(data)


Decoder = Callable[[Any], Any]


@functools.cache
def _decoder(tp: Any) -> Decoder:
    """A function rebuilding values of type ``tp``: the type hints are read
    once per type, not once per value (loading a state walks thousands)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _same
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(tp, args)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_decoder(tp)
    if origin is list:
        return _list_decoder(tp, args[0])
    if origin is tuple:
        return _tuple_decoder(tp, args)
    if origin is dict:
        return _dict_decoder(tp, args[0], args[1])
    if tp in (int, str, bool, float):
        return _scalar_decoder(tp)
    if tp is type(None):
        return _none
    raise InvalidState(f"unsupported type {tp}")


def _same(data: Any) -> Any:
    return data


def _none(data: Any) -> None:
    if data is not None:
        raise InvalidState("expected null")


def _union_decoder(tp: Any, args: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in args
    arms = [_decoder(arm) for arm in args if arm is not type(None)]

    def decode(data: Any) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for arm in arms:
            try:
                return arm(data)
            except InvalidState as exc:
                errors.append(str(exc))
        # The data is not quoted: a damaged state may hold hidden cards.
        raise InvalidState(f"no type of {tp} fits a {type(data).__name__}: {errors}")

    return decode


def _dataclass_decoder(tp: type) -> Decoder:
    # Field decoders are looked up on first use, so a dataclass may refer to itself.
    fields: list[tuple[str, Decoder]] = []

    def decode(data: Any) -> Any:
        if not isinstance(data, dict):
            raise InvalidState(f"{tp.__name__} expects an object")
        if not fields:
            fields.extend((name, _decoder(hint)) for name, hint in _fields(tp))
        kwargs = {name: field(data[name]) for name, field in fields if name in data}
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise InvalidState(f"{tp.__name__}: {exc}") from exc

    return decode


def _list_decoder(tp: Any, item: Any) -> Decoder:
    if item in _SCALARS:
        # The common case (cards, scores): check types without recursing.
        def scalars(data: Any) -> Any:
            _expect(data, list, tp)
            if not all(type(v) is item for v in data):
                raise InvalidState(f"{tp} holds a value of another type")
            return list(data)

        return scalars
    each = _decoder(item)

    def decode(data: Any) -> Any:
        _expect(data, list, tp)
        return [each(v) for v in data]

    return decode


def _tuple_decoder(tp: Any, args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        each = _decoder(args[0])

        def many(data: Any) -> Any:
            _expect(data, list, tp)
            return tuple(each(v) for v in data)

        return many
    items = [_decoder(a) for a in args]

    def fixed(data: Any) -> Any:
        _expect(data, list, tp)
        if len(items) != len(data):
            raise InvalidState(f"{tp} expects {len(items)} items")
        return tuple(item(v) for item, v in zip(items, data, strict=True))

    return fixed


def _dict_decoder(tp: Any, key: Any, value: Any) -> Decoder:
    each = _decoder(value)
    if key is int:

        def int_keys(data: Any) -> Any:
            _expect(data, dict, tp)
            if not all(k.lstrip("-").isdecimal() for k in data):
                raise InvalidState(f"{tp} expects integer keys")
            return {int(k): each(v) for k, v in data.items()}

        return int_keys

    def decode(data: Any) -> Any:
        _expect(data, dict, tp)
        return {k: each(v) for k, v in data.items()}

    return decode


def _scalar_decoder(tp: type) -> Decoder:
    def decode(data: Any) -> Any:
        if tp is int and isinstance(data, bool):
            raise InvalidState("expected an integer")
        if tp is float and isinstance(data, int):
            return float(data)
        _expect(data, tp, tp)
        return data

    return decode


_SCALARS = (str, int)


@functools.cache
def _fields(tp: type) -> tuple[tuple[str, Any], ...]:
    """Field names and resolved types of a dataclass (resolving hints is slow)."""
    hints = typing.get_type_hints(tp)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))


@functools.cache
def _names(tp: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(tp))


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
