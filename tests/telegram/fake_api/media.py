"""Files the bot sends: uploads of photos, documents and animations (GIFs), read
and held to Telegram's size limits, the file ids Telegram gives them, reuse by
file_id, and getFile. ``Uploads`` keeps every file the bot uploaded.
"""

from __future__ import annotations

import io
import mimetypes
import secrets
from typing import Any, Final

from PIL import Image

from tests.telegram.fake_api.errors import (
    IMAGE_FAILED,
    NOT_A_GIF,
    PHOTO_DIMENSIONS,
    PHOTO_TOO_BIG,
    WRONG_FILE,
    ApiError,
    Json,
    bad_request,
)
from tests.telegram.fake_api.records import StoredFile

UPLOAD_LIMIT: Final = 50 * 1024 * 1024
PHOTO_SIZE_LIMIT: Final = 10 * 1024 * 1024
#: sendAnimation: "Bots can currently send animation files of up to 50 MB in size"
#: (https://core.telegram.org/bots/api#sendanimation); a bigger upload is refused
#: as every oversized request is, with 413.
ANIMATION_SIZE_LIMIT: Final = 50 * 1024 * 1024


def image_size(data: bytes) -> tuple[int, int]:
    """(width, height) of an uploaded image, or the 400 Telegram gives for one it can't read."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except Exception as exc:  # Pillow raises many types for garbage input
        raise bad_request(IMAGE_FAILED) from exc


def photo_sizes(width: int, height: int, size: int) -> list[tuple[int, int, int]]:
    """(width, height, file_size) of the sizes Telegram keeps: thumbnails, then the photo."""
    longest = max(width, height)
    sides = [s for s in (90, 320, 800, 1280) if s < longest] + [min(longest, 2560)]
    out: list[tuple[int, int, int]] = []
    for side in sides:
        scale = side / longest
        w, h = max(1, round(width * scale)), max(1, round(height * scale))
        out.append((w, h, max(1, round(size * scale * scale))))
    return out


def new_file_ids(prefix: str) -> tuple[str, str]:
    """A new file_id (starting with ``prefix``, which tells the kind) and file_unique_id."""
    return prefix + secrets.token_urlsafe(24), "AQAD" + secrets.token_urlsafe(8)


class Uploads:
    """The files the bot uploaded, by file_id and by file_path."""

    def __init__(self) -> None:
        self.by_id: dict[str, StoredFile] = {}
        self.by_path: dict[str, StoredFile] = {}
        #: the file names of the current request's uploads, by form field
        self.filenames: dict[str, str] = {}

    def photo(self, data: bytes) -> StoredFile:
        """Store an uploaded photo, in the sizes Telegram keeps."""
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        # "The photo must be at most 10 MB in size" (https://core.telegram.org/bots/api#sendphoto).
        if len(data) > PHOTO_SIZE_LIMIT:
            raise bad_request(PHOTO_TOO_BIG)
        width, height = image_size(data)
        if width + height > 10_000 or max(width, height) > 20 * min(width, height):
            raise bad_request(PHOTO_DIMENSIONS)
        sizes: list[Json] = []
        stored = StoredFile("photo", data, "", "")
        for w, h, size in photo_sizes(width, height, len(data)):
            file_id, unique_id = new_file_ids("AgACAgIAAxkDAAI")
            sizes.append(
                {
                    "file_id": file_id,
                    "file_unique_id": unique_id,
                    "width": w,
                    "height": h,
                    "file_size": size,
                }
            )
            self.by_id[file_id] = stored
        stored.sizes = sizes
        stored.file_id = sizes[-1]["file_id"]
        stored.file_unique_id = sizes[-1]["file_unique_id"]
        stored.file_path = f"photos/file_{len(self.by_path)}.jpg"
        self.by_path[stored.file_path] = stored
        return stored

    def document(self, data: bytes, filename: str | None) -> StoredFile:
        """Store an uploaded document."""
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        file_id, unique_id = new_file_ids("BQACAgIAAxkDAAI")
        mime = mimetypes.guess_type(filename or "")[0] or "application/octet-stream"
        stored = StoredFile(
            "document", data, file_id, unique_id, file_name=filename, mime_type=mime
        )
        stored.file_path = f"documents/file_{len(self.by_path)}"
        self.by_id[file_id] = stored
        self.by_path[stored.file_path] = stored
        return stored

    def animation(self, data: bytes, filename: str | None) -> StoredFile:
        """Store an uploaded animation (a GIF), with its frame size and length."""
        if not data:
            raise bad_request("Bad Request: file must be non-empty")
        if len(data) > ANIMATION_SIZE_LIMIT:
            raise ApiError(413, "Request Entity Too Large")
        try:
            with Image.open(io.BytesIO(data)) as image:
                if image.format != "GIF":
                    raise bad_request(NOT_A_GIF)
                width, height = image.size
                milliseconds = 0
                for frame in range(getattr(image, "n_frames", 1)):
                    image.seek(frame)
                    milliseconds += int(image.info.get("duration", 0))
        except ApiError:
            raise
        except Exception as exc:  # Pillow raises many types for garbage input
            raise bad_request(NOT_A_GIF) from exc
        file_id, unique_id = new_file_ids("CgACAgIAAxkDAAI")
        # Telegram turns an uploaded GIF into an MPEG-4 video; the fake keeps the
        # upload byte for byte, so that tests can read its frames back.
        stored = StoredFile(
            "animation",
            data,
            file_id,
            unique_id,
            file_name=filename,
            mime_type="image/gif",
            width=width,
            height=height,
            duration=round(milliseconds / 1000),
        )
        stored.file_path = f"animations/file_{len(self.by_path)}.gif"
        self.by_id[file_id] = stored
        self.by_path[stored.file_path] = stored
        return stored

    def input_file(self, value: Any, key: str, kind: str, files: dict[str, bytes]) -> StoredFile:
        """Resolve a media parameter: ``attach://name``, a direct part, or a file_id."""
        data: bytes | None = None
        name: str | None = None
        if isinstance(value, str) and value.startswith("attach://"):
            part = value.removeprefix("attach://")
            if part not in files:
                raise bad_request(WRONG_FILE)
            data, name = files[part], self.filenames.get(part)
        elif value is None and key in files:
            data, name = files[key], self.filenames.get(key)
        elif isinstance(value, str) and value:
            stored = self.by_id.get(value)
            if stored is None:
                raise bad_request(WRONG_FILE)
            if stored.kind != kind:
                raise bad_request(
                    f"Bad Request: can't use file of type {stored.kind.title()} as {kind.title()}"
                )
            return stored
        else:
            raise bad_request(f"Bad Request: there is no {kind} in the request")
        if len(data) > UPLOAD_LIMIT:
            raise ApiError(413, "Request Entity Too Large")
        if kind == "animation":
            return self.animation(data, name)
        return self.photo(data) if kind == "photo" else self.document(data, name)

    def get_file(self, params: Json, files: dict[str, bytes]) -> Json:
        """The getFile method: the File object, whose file_path the server serves."""
        stored = self.by_id.get(str(params.get("file_id", "")))
        if stored is None:
            raise bad_request("Bad Request: invalid file_id")
        file_id = str(params["file_id"])
        return {
            "file_id": file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.data),
            "file_path": stored.file_path,
        }
