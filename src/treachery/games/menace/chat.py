"""Menace's structured table-talk claims (M-H33, M-H34, M-H38): the menu bots use and players may use.

About their own cards players speak only in Good / Neutral / Bad categories; naming a card is allowed only to say
that another seat played it. The claim's text is written here so every client shows the same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import BDA_KEYS

if TYPE_CHECKING:
    from .rules import Menace

CATEGORIES = ("good", "neutral", "bad")
KINDS = ("drew", "played", "accuse", "suspect")


def claim_menu(game: Menace) -> list[dict[str, Any]]:
    """The menu a client shows (M-H33, M-H34, M-H38): a category about one's own cards, a card only about another
    seat, or a suspicion."""
    categories = [[c, f"{c.capitalize()} card"] for c in CATEGORIES]
    # the cards by their fixed keys, the same whatever card file names them (a menu says nothing of a game)
    cards = [[key, key.replace("-", " ").capitalize()] for key in BDA_KEYS]
    someone = {"name": "seat", "label": "Player", "seat": True}
    return [{"kind": "drew", "label": "I drew a…", "fields": [{"name": "category", "label": "Category",
                                                               "choices": categories}]},
            {"kind": "played", "label": "I played a…", "fields": [{"name": "category", "label": "Category",
                                                                   "choices": categories}]},
            {"kind": "accuse", "label": "…played…", "fields": [someone, {"name": "card", "label": "Card",
                                                                       "choices": cards}]},
            {"kind": "suspect", "label": "I suspect…", "fields": [someone]}]


def claim_text(game: Menace, seat: int, claim: dict[str, Any], name_of: Callable[[int], str]) -> str:
    """The words of ``seat``'s claim; ValueError names what is wrong with a claim the menu does not allow."""
    kind = claim.get("kind")
    if kind in ("drew", "played"):
        category = claim.get("category")
        if category not in CATEGORIES:
            raise ValueError(f"category must be one of {', '.join(CATEGORIES)}")
        return f"I {kind} a {category.capitalize()} card."
    target = claim.get("seat")
    if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < game.players:
        raise ValueError(f"seat must be a seat number from 0 to {game.players - 1}")
    if target == seat:
        raise ValueError("about your own cards you may name only a category (M-H33, M-H34)")
    if kind == "suspect":
        return f"I suspect {name_of(target)}."
    if kind == "accuse":
        card = claim.get("card")
        if card not in BDA_KEYS:
            raise ValueError(f"card must be one of {', '.join(BDA_KEYS)}")
        name = game.cards.bda_names[BDA_KEYS.index(card)]
        return f"{name_of(target)} played {name}" + ("" if name.endswith("!") else ".")
    raise ValueError(f"kind must be one of {', '.join(KINDS)}")
