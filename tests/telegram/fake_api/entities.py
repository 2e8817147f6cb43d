"""Text and entities as Telegram stores them: the ``parse_mode`` parsers (HTML,
MarkdownV2, legacy Markdown) that turn a markup string into plain text plus
entities with UTF-16 offsets, or fail with Telegram's "can't parse entities"
error, and the bot_command entity Telegram gives a user's command.
"""

from __future__ import annotations

import html
import re
from typing import Any, Final

from tests.telegram.fake_api.errors import ApiError, Json, bad_request


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit of Telegram entity offsets."""
    return len(text.encode("utf-16-le")) // 2


class _Builder:
    """Accumulates parsed text and entities with UTF-16 offsets."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pos = 0
        self.entities: list[Json] = []

    def emit(self, text: str) -> None:
        self.parts.append(text)
        self.pos += utf16_len(text)

    def add(self, kind: str, start: int, **extra: Any) -> None:
        # Telegram drops entities that cover nothing.
        if self.pos > start:
            self.entities.append(
                {"type": kind, "offset": start, "length": self.pos - start, **extra}
            )

    def result(self) -> tuple[str, list[Json]]:
        entities = sorted(self.entities, key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.parts), entities


def _parse_error(message: str) -> ApiError:
    return bad_request(f"Bad Request: can't parse entities: {message}")


def _byte_offset(src: str, index: int) -> int:
    return len(src[:index].encode())


_HTML_TAGS: Final = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
}
_HTML_ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);")
_HTML_NAMED: Final = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_TAG_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*")
_ATTR = re.compile(
    r"""\s*([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?"""
)


def _html_attrs(text: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for m in _ATTR.finditer(text):
        value = next((g for g in m.groups()[1:] if g is not None), "")
        attrs[m.group(1).lower()] = html.unescape(value)
    return attrs


def parse_html(src: str) -> tuple[str, list[Json]]:
    """Parse Telegram's HTML subset into plain text and entities, or raise its error."""
    out = _Builder()
    # (tag, entity type, start offset, extra fields)
    stack: list[tuple[str, str, int, Json]] = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "&":
            m = _HTML_ENTITY.match(src, i)
            name = m.group(1) if m else ""
            if m and (name.startswith("#") or name in _HTML_NAMED):
                if name.startswith(("#x", "#X")):
                    out.emit(chr(int(name[2:], 16)))
                elif name.startswith("#"):
                    out.emit(chr(int(name[1:])))
                else:
                    out.emit(_HTML_NAMED[name])
                i = m.end()
            else:
                # Telegram leaves an unknown or bare "&" as it is.
                out.emit("&")
                i += 1
            continue
        if c != "<":
            j = i
            while j < n and src[j] not in "<&":
                j += 1
            out.emit(src[i:j])
            i = j
            continue
        offset = _byte_offset(src, i)
        end = src.find(">", i)
        if end < 0:
            raise _parse_error(f"Unclosed start tag at byte offset {offset}")
        inner = src[i + 1 : end]
        if inner.startswith("/"):
            name = inner[1:].strip().lower()
            if not stack:
                raise _parse_error(f"Unexpected end tag at byte offset {offset}")
            tag, kind, start, extra = stack.pop()
            if name != tag:
                raise _parse_error(
                    f'Unmatched end tag at byte offset {offset}, expected "</{tag}>", '
                    f'found "</{name}>"'
                )
            language = extra.pop("_language", None)
            if kind == "code" and language and stack and stack[-1][1] == "pre":
                # <pre><code class="language-x"> is one pre entity with a language.
                stack[-1][3]["language"] = language
            elif kind == "text_link" and not extra.get("url"):
                pass  # an <a> without href is plain text
            else:
                out.add(kind, start, **extra)
        else:
            m = _TAG_NAME.match(inner)
            name = m.group(0).lower() if m else ""
            if name not in _HTML_TAGS:
                raise _parse_error(f'Unsupported start tag "{name}" at byte offset {offset}')
            attrs = _html_attrs(inner[m.end() if m else 0 :].rstrip("/"))
            kind = _HTML_TAGS[name]
            fields: Json = {}
            if name == "span" and attrs.get("class") != "tg-spoiler":
                raise _parse_error(
                    f'Tag "span" must have class "tg-spoiler" at byte offset {offset}'
                )
            if name == "a":
                fields["url"] = attrs.get("href", "")
            elif name == "code" and attrs.get("class", "").startswith("language-"):
                fields["_language"] = attrs["class"].removeprefix("language-")
            elif name == "blockquote" and "expandable" in attrs:
                kind = "expandable_blockquote"
            elif name == "tg-emoji":
                fields["custom_emoji_id"] = attrs.get("emoji-id", "")
            stack.append((name, kind, out.pos, fields))
        i = end + 1
    if stack:
        raise _parse_error(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    return out.result()


_MDV2_RESERVED: Final = frozenset("_*[]()~`>#+-=|{}.!")
_MD_NAMES: Final = {
    "bold": "Bold",
    "italic": "Italic",
    "underline": "Underline",
    "strikethrough": "Strikethrough",
    "spoiler": "Spoiler",
    "text_link": "TextUrl",
    "code": "Code",
    "pre": "Pre",
    "blockquote": "BlockQuote",
}


def _md_scan_until(src: str, i: int, closing: str) -> int:
    """Index of the next unescaped ``closing`` at or after ``i``, or -1."""
    while i < len(src):
        if src[i] == "\\":
            i += 2
            continue
        if src.startswith(closing, i):
            return i
        i += 1
    return -1


def _md_unescape(text: str) -> str:
    return re.sub(r"\\([\x01-\x7e])", r"\1", text)


def parse_markdown_v2(src: str) -> tuple[str, list[Json]]:
    """Parse MarkdownV2 into plain text and entities, or raise Telegram's error."""
    out = _Builder()
    stack: list[tuple[str, int, int]] = []  # (entity type, start offset, byte offset)
    quote_start: int | None = None

    def toggle(kind: str, at: int) -> None:
        for k in range(len(stack) - 1, -1, -1):
            if stack[k][0] == kind:
                _, start, _ = stack.pop(k)
                out.add(kind, start)
                return
        stack.append((kind, out.pos, _byte_offset(src, at)))

    i, n = 0, len(src)
    while i < n:
        c = src[i]
        at_line_start = i == 0 or src[i - 1] == "\n"
        if c == "\\" and i + 1 < n and "\x01" <= src[i + 1] <= "\x7e":
            out.emit(src[i + 1])
            i += 2
        elif c == ">" and at_line_start:
            if quote_start is None:
                quote_start = out.pos
            i += 1
        elif c == "\n":
            if quote_start is not None and not src.startswith(">", i + 1):
                out.add("blockquote", quote_start)
                quote_start = None
            out.emit(c)
            i += 1
        elif c == "`":
            fence = "```" if src.startswith("```", i) else "`"
            close = _md_scan_until(src, i + len(fence), fence)
            if close < 0:
                kind = "Pre" if fence == "```" else "Code"
                raise _parse_error(
                    f"Can't find end of {kind} entity at byte offset {_byte_offset(src, i)}"
                )
            body = src[i + len(fence) : close]
            start = out.pos
            if fence == "```":
                language = ""
                first, newline, rest = body.partition("\n")
                if newline and first and " " not in first:
                    language, body = first, rest
                out.emit(_md_unescape(body))
                out.add("pre", start, **({"language": language} if language else {}))
            else:
                out.emit(_md_unescape(body))
                out.add("code", start)
            i = close + len(fence)
        elif c == "*":
            toggle("bold", i)
            i += 1
        elif c == "~":
            toggle("strikethrough", i)
            i += 1
        elif c == "_":
            if src.startswith("__", i):
                toggle("underline", i)
                i += 2
            else:
                toggle("italic", i)
                i += 1
        elif c == "|" and src.startswith("||", i):
            toggle("spoiler", i)
            i += 2
        elif c == "[":
            stack.append(("text_link", out.pos, _byte_offset(src, i)))
            i += 1
        elif c == "]" and stack and stack[-1][0] == "text_link" and src.startswith("(", i + 1):
            close = _md_scan_until(src, i + 2, ")")
            if close < 0:
                raise _parse_error(
                    f"Can't find end of a URL at byte offset {_byte_offset(src, i + 1)}"
                )
            _, start, _ = stack.pop()
            out.add("text_link", start, url=_md_unescape(src[i + 2 : close]))
            i = close + 1
        elif c in _MDV2_RESERVED:
            raise _parse_error(
                f"Character '{c}' is reserved and must be escaped with the preceding '\\'"
            )
        else:
            out.emit(c)
            i += 1
    if quote_start is not None:
        out.add("blockquote", quote_start)
    if stack:
        kind, _, offset = stack[-1]
        raise _parse_error(f"Can't find end of {_MD_NAMES[kind]} entity at byte offset {offset}")
    return out.result()


def parse_markdown(src: str) -> tuple[str, list[Json]]:
    """Parse legacy Markdown (no nesting) into plain text and entities."""
    out = _Builder()
    marks = {"*": "bold", "_": "italic"}
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        offset = _byte_offset(src, i)
        if c == "\\" and i + 1 < n and src[i + 1] in "_*`[":
            out.emit(src[i + 1])
            i += 2
        elif c in marks or c == "`":
            fence = "```" if src.startswith("```", i) else c
            close = src.find(fence, i + len(fence))
            if close < 0:
                raise _parse_error(f"Can't find end of the entity starting at byte offset {offset}")
            start = out.pos
            out.emit(src[i + len(fence) : close])
            out.add("pre" if fence == "```" else marks.get(c, "code"), start)
            i = close + len(fence)
        elif c == "[":
            close = src.find("]", i + 1)
            if close < 0 or not src.startswith("(", close + 1) or src.find(")", close) < 0:
                raise _parse_error(f"Can't find end of the entity starting at byte offset {offset}")
            url_end = src.find(")", close)
            start = out.pos
            out.emit(src[i + 1 : close])
            out.add("text_link", start, url=src[close + 2 : url_end])
            i = url_end + 1
        else:
            out.emit(c)
            i += 1
    return out.result()


def format_text(text: str, parse_mode: str | None, entities: Any) -> tuple[str, list[Json]]:
    """Apply parse_mode (or explicit entities) the way Telegram does before storing text."""
    if isinstance(entities, list):
        return text, [e for e in entities if isinstance(e, dict)]
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return parse_markdown(text)
    if mode:
        raise bad_request(f"Bad Request: unsupported parse_mode {parse_mode}")
    return text, []


def command_entities(text: str) -> list[Json]:
    """Entities Telegram adds to a user's message: a bot_command at the start, if any."""
    m = re.match(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,64})?", text)
    if not m:
        return []
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(m.group(0))}]
