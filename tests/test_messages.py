"""Issue 49, item 2: every line a player reads about a game is one whole sentence in each language,
with its placeholders filled and its plural agreeing with its number; and the list a reviewer
reads (docs/messages.md) is what the games say today.

The lines are those of pento_build.messages_doc: every game's status line (which its win dialog
repeats) at the start, after one move, halfway and at the end of its first two presets, played
with its own solver's or hints' moves, and the page's lines around a win."""

from __future__ import annotations

import functools
import re

import pytest

from pento_build import messages_doc

EN, PT, DE = range(3)


@functools.cache
def lines() -> list[messages_doc.Line]:
    """Rendered once, by the one test process that asks (not at every process's collection)."""
    return messages_doc.lines()


def named(line: messages_doc.Line) -> str:
    return f"{line.where}, {line.when or 'always'}: {line.texts}"


def test_every_game_is_played_to_its_end_in_the_list() -> None:
    """The list reaches each game's last line: a game whose walk stopped at its start would leave
    its win unread (the editors, which have no end, excepted)."""
    from pento_core import registry

    for game_id, game in registry.GAMES.items():
        if "solve" not in game.features:
            continue
        whens = [line.when for line in lines() if line.where.startswith(game.title)]
        assert "the end" in whens, f"{game_id}: no end reached in {whens}"


def test_every_line_is_filled_translated_and_agrees_with_its_numbers() -> None:
    failed = []
    for line in lines():
        try:
            check(line)
        except AssertionError as e:
            failed.append(str(e))
    assert not failed, "\n".join(failed)


def check(line: messages_doc.Line) -> None:
    for text in line.texts:
        assert text.strip() and "{" not in text and "}" not in text, named(line)
    en = line.texts[EN]
    if re.search(r"[A-Za-z]{3}", en):  # words to translate (not a figure alone)
        assert line.texts[PT] != en and line.texts[DE] != en, f"untranslated: {named(line)}"
    # a number one takes the singular: "1 pieces", "1 peças", "1 Felder" are glued from pieces
    for lang, plural_after_one in (
        (EN, r"(?<![\d.,])1 (?!of\b)[a-z]+s\b"),
        (PT, r"(?<![\d.,])1 (?!de\b)[a-zçãõéí]+s\b"),
        (DE, r"(?<![\d.,])1 (Teile|Felder|Feldern|Züge|Zügen|Sprünge|Stifte|Zellen|Platzierungen|Kopien|Tage)\b"),
    ):
        for found in re.finditer(plural_after_one, line.texts[lang]):
            before = line.texts[lang][: found.start()].split()
            named_one = before and before[-1][:1].isupper()  # "Player 1 wins": a name, not a count
            assert named_one, f"a plural after 1: {named(line)}"
    # a sentence goes on after a comma in small letters ("..., Faltam ..." was two glued together);
    # a name goes on capitalised (a piece, a player, a figure)
    for lang in (EN, PT):
        for word in re.findall(r", ([A-ZÀ-Ý][a-zà-ÿ]+)", line.texts[lang]):
            assert word in en or word in line.texts[DE], f"a capital after a comma ({word}): {named(line)}"
    # "you" is a person of its own: never "You wins", "Tu ganha", "Du ist"
    assert not re.search(r"\bYou (wins|loses|has|is)\b", en), named(line)
    assert not re.search(r"\b[Tt]u (ganha|perde|tem|é|joga)\b|\bde Tu\b", line.texts[PT]), named(line)
    assert not re.search(r"\b[Dd]u (gewinnt|verliert|hat|ist)\b", line.texts[DE]), named(line)


def test_the_checks_can_fail() -> None:
    """The lines the issue found, glued as they were, are caught by the checks above."""
    glued = [
        messages_doc.Line("Last Fit", "the end", ("You wins!", "Tu ganha!", "Du gewinnt!")),
        messages_doc.Line("Pegs", "the end", ("solved in 1 moves", "resolvido em 1 jogadas", "gelöst in 1 Züge")),
        messages_doc.Line("Cover", "start", ("0 placed, Remaining 60.", "0 colocadas, Faltam 60.", "0, Noch 60.")),
        messages_doc.Line("Last Fit", "start", ("You to move.", "Vez de Tu.", "Du ist am Zug.")),
    ]
    for line in glued:
        with pytest.raises(AssertionError):
            check(line)


def test_the_list_for_reviewers_is_what_the_games_say() -> None:
    assert messages_doc.DOC.read_text(encoding="utf-8") == messages_doc.render(lines()), (
        "docs/messages.md is out of date: run python3 build.py messages"
    )
