"""Discord's error bodies and documented limits, as the fake Discord answers and
enforces them: the JSON errors its handlers raise (``DiscordError``), and what
in a message body or an application command breaks the limits
(``limit_problems``, ``command_problems``).
"""

from __future__ import annotations

from typing import Final

from tests.discord.fake_discord_records import Json, StoredMessage

# Discord's error bodies: (HTTP status, JSON code, message).
UNAUTHORIZED: Final = (401, 0, "401: Unauthorized")
NOT_FOUND: Final = (404, 0, "404: Not Found")
UNKNOWN_MESSAGE: Final = (404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK: Final = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION: Final = (404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED: Final = (400, 40060, "Interaction has already been acknowledged.")
MISSING_ACCESS: Final = (403, 50001, "Missing Access")
CANNOT_DM: Final = (403, 50007, "Cannot send messages to this user")
MISSING_PERMISSIONS: Final = (403, 50013, "Missing Permissions")
INVALID_WEBHOOK_TOKEN: Final = (401, 50027, "Invalid Webhook Token")
THREAD_ARCHIVED: Final = (400, 50083, "Thread is archived")
#: Seconds to send an interaction's initial response, and its token's lifetime
#: (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction).
INITIAL_RESPONSE_SECONDS: Final = 3.0
TOKEN_SECONDS: Final = 15 * 60
EMPTY_MESSAGE: Final = (400, 50006, "Cannot send an empty message")
INVALID_FORM_BODY: Final = (400, 50035, "Invalid Form Body")
TOO_LARGE: Final = (413, 40005, "Request entity too large")
#: A channel that does not exist (deleted): every call on it
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
UNKNOWN_CHANNEL: Final = (404, 10003, "Unknown Channel")
#: Edits of messages older than an hour are limited; Discord answers 429 with
#: code 30046 ("Maximum number of edits to messages older than 1 hour reached.
#: Try again later", https://discord.com/developers/docs/topics/opcodes-and-status-codes#json)
#: and does not publish the number (discord/discord-api-docs issue 4413): the
#: fake allows OLD_EDITS_PER_HOUR per channel.
OLD_EDITS: Final = (
    429,
    30046,
    "Maximum number of edits to messages older than 1 hour reached. Try again later",
)
OLD_EDITS_PER_HOUR: Final = 3
OLD_MESSAGE_SECONDS: Final = 3600

# Discord's documented limits of messages, components and commands.
CONTENT_LIMIT: Final = 2000
ROWS_LIMIT: Final = 5
ROW_BUTTONS_LIMIT: Final = 5
SELECT_OPTIONS_LIMIT: Final = 25
CUSTOM_ID_LIMIT: Final = 100
BUTTON_LABEL_LIMIT: Final = 80
OPTION_TEXT_LIMIT: Final = 100
PLACEHOLDER_LIMIT: Final = 150
FILE_SIZE_LIMIT: Final = 10 * 1024 * 1024
COMMAND_NAME_LIMIT: Final = 32
DESCRIPTION_LIMIT: Final = 100
CHOICES_LIMIT: Final = 25
SELECT_TYPES: Final = (3, 5, 6, 7, 8)
ERRORS_BY_CODE: Final = {
    e[1]: e
    for e in (
        UNKNOWN_MESSAGE,
        UNKNOWN_WEBHOOK,
        UNKNOWN_INTERACTION,
        ALREADY_ACKNOWLEDGED,
        MISSING_ACCESS,
        CANNOT_DM,
        MISSING_PERMISSIONS,
        EMPTY_MESSAGE,
        INVALID_WEBHOOK_TOKEN,
        THREAD_ARCHIVED,
    )
}


class DiscordError(Exception):
    """Raised inside a handler: becomes Discord's JSON error response."""

    def __init__(self, error: tuple[int, int, str], *, retry_after: float | None = None) -> None:
        super().__init__(error[2])
        self.status, self.code, self.message = error
        #: A 429's wait, sent with the headers a rate limit has.
        self.retry_after = retry_after


def limit_problems(body: Json) -> list[str]:
    """What in a message body (create or edit) breaks Discord's limits."""
    problems = []
    content = body.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        problems.append(f"content of {len(content)} characters")
    rows = body.get("components") or []
    ids = StoredMessage(0, 0, None, {}, components=rows).custom_ids
    if len(ids) != len(set(ids)):
        problems.append("a custom id is repeated")
    if len(rows) > ROWS_LIMIT:
        problems.append(f"{len(rows)} action rows")
    for number, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") != 1 or not items:
            problems.append(f"row {number} is not an action row with components")
            continue
        selects = [i for i in items if i.get("type") in SELECT_TYPES]
        if selects and len(items) > 1:
            problems.append(f"row {number}: a select shares its row")
        if len(items) > ROW_BUTTONS_LIMIT:
            problems.append(f"row {number}: {len(items)} buttons")
        for item in items:
            problems += [f"row {number}: {p}" for p in _component_problems(item)]
    return problems


def _component_problems(item: Json) -> list[str]:
    problems = []
    custom_id = item.get("custom_id")
    if item.get("type") == 2:
        link = item.get("style") == 5
        if link != (custom_id is None) or link != ("url" in item):
            problems.append("a button needs a custom id, or a url if it is a link")
        if len(item.get("label") or "") > BUTTON_LABEL_LIMIT:
            problems.append(f"a button label of {len(item['label'])} characters")
    if custom_id is not None and not 1 <= len(custom_id) <= CUSTOM_ID_LIMIT:
        problems.append(f"a custom id of {len(custom_id)} characters")
    if item.get("type") in SELECT_TYPES:
        options = item.get("options") or []
        if item.get("type") == 3 and not 1 <= len(options) <= SELECT_OPTIONS_LIMIT:
            problems.append(f"a select with {len(options)} options")
        if len({o.get("value") for o in options}) != len(options):
            problems.append("a select repeats an option value")
        for option in options:
            for key in ("label", "value", "description"):
                if len(option.get(key) or "") > OPTION_TEXT_LIMIT:
                    problems.append(f"an option {key} of {len(option[key])} characters")
        if len(item.get("placeholder") or "") > PLACEHOLDER_LIMIT:
            problems.append("a placeholder over 150 characters")
    return problems


def command_problems(command: Json) -> list[str]:
    """What in an application command breaks Discord's rules for names and limits."""
    problems = []
    names = [command.get("name", ""), *(command.get("name_localizations") or {}).values()]
    for name in names:
        if not _command_name_ok(name):
            problems.append(f"name {name!r}")
    descriptions = [
        command.get("description", ""),
        *(command.get("description_localizations") or {}).values(),
    ]
    for text in descriptions:
        if not 1 <= len(text) <= DESCRIPTION_LIMIT:
            problems.append(f"description {text!r}")
    options = command.get("options") or []
    if len(options) > CHOICES_LIMIT:
        problems.append(f"{len(options)} options")
    for option in options:
        problems += command_problems({k: v for k, v in option.items() if k != "choices"})
        choices = option.get("choices") or []
        if len(choices) > CHOICES_LIMIT:
            problems.append(f"{len(choices)} choices")
        for choice in choices:
            labels = [choice.get("name", ""), *(choice.get("name_localizations") or {}).values()]
            problems += [f"choice {c!r}" for c in labels if not 1 <= len(c) <= OPTION_TEXT_LIMIT]
    return problems


def _command_name_ok(name: str) -> bool:
    # Discord: ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase where a letter has case.
    return (
        1 <= len(name) <= COMMAND_NAME_LIMIT
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )
