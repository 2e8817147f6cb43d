import pytest

from bot.core.tables import Vote
from bot.core.votes import Tally, VoteError, cast, tally


def make(voters: list[int], majority: bool) -> Vote:
    return Vote(
        id=1, kind="abort", proposer=voters[0], voters=voters, expires_at=0.0, majority=majority
    )


def test_unanimous_passes_only_when_everyone_agrees() -> None:
    vote = make([0, 1, 2], majority=False)
    assert cast(vote, 0, True) is Tally.OPEN
    assert cast(vote, 1, True) is Tally.OPEN
    assert cast(vote, 2, True) is Tally.PASSED


def test_unanimous_fails_on_one_no() -> None:
    vote = make([0, 1, 2], majority=False)
    cast(vote, 0, True)
    assert cast(vote, 2, False) is Tally.FAILED


def test_majority_passes_with_more_than_half() -> None:
    vote = make([0, 1, 2, 3], majority=True)
    cast(vote, 0, True)
    assert cast(vote, 1, True) is Tally.OPEN  # 2 of 4 is not more than half
    assert cast(vote, 2, True) is Tally.PASSED


def test_majority_fails_once_it_cannot_pass() -> None:
    vote = make([0, 1, 2, 3], majority=True)
    cast(vote, 0, False)
    assert tally(vote) is Tally.OPEN
    assert cast(vote, 1, False) is Tally.FAILED


def test_outsiders_and_double_votes_are_refused() -> None:
    vote = make([0, 1], majority=True)
    with pytest.raises(VoteError) as outsider:
        cast(vote, 5, True)
    assert outsider.value.code == "vote-not-a-voter"
    cast(vote, 0, False)
    with pytest.raises(VoteError) as twice:
        cast(vote, 0, True)
    assert twice.value.code == "vote-already-voted"
    assert vote.yes == [] and vote.no == [0]
