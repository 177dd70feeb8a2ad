"""Pupils' names compared, only to warn a teacher: never to merge two codes into one row.

A results page shows every code it counts.  Two codes whose names a teacher could take for one
are both shown, and marked, so that the teacher decides: two pupils, or one pupil who handed in
twice.  Three ways names can be taken for one another:

* **the same name**, written another way: other capitals, other spacing, another Unicode normal
  form (``João`` as one character or as ``o`` and a tilde), compatibility characters (``ﬀ``) or
  ``ß`` and ``ss`` (:func:`same_form`: NFKC, then case folding);
* **a look-alike**: the same letters to the eye, but other characters (Cyrillic ``а`` for Latin
  ``a``, Greek ``Ο`` for ``O``), or the same name without its accents (:func:`skeleton`);
* **letters that cannot be seen**: blank characters that are not spaces (the Hangul filler, the
  blank Braille pattern) and format characters (zero-width joiners): a name made of them shows
  as nothing, or as another name (:func:`unseen`).
"""

from __future__ import annotations

import unicodedata
from typing import Literal

NameMark = Literal["", "same", "alike", "unseen"]
"""How a results row's name was marked: not at all, the same name as another row's written another
way, a look-alike of another row's, or a name with characters that cannot be seen."""

# Characters of other scripts drawn like Latin letters in common fonts: each maps to the Latin
# letter it is taken for (the cases of Unicode's confusables that a class's names meet; a name is
# case-folded before it is looked up, so only small letters are listed).
LOOK_ALIKE = {
    # Cyrillic
    "а": "a",
    "в": "b",
    "е": "e",
    "ё": "e",
    "з": "3",
    "і": "i",
    "ї": "i",
    "ј": "j",
    "к": "k",
    "м": "m",
    "н": "h",
    "о": "o",
    "р": "p",
    "с": "c",
    "т": "t",
    "у": "y",
    "х": "x",
    "ѕ": "s",
    "ԁ": "d",
    "ԛ": "q",
    "ԝ": "w",
    "ӏ": "l",
    "ь": "b",
    # Greek
    "α": "a",
    "β": "b",
    "ε": "e",
    "η": "n",
    "ι": "i",
    "κ": "k",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "τ": "t",
    "υ": "u",
    "χ": "x",
    "ϲ": "c",
    # Latin letters drawn like others
    "ı": "i",
    "ɑ": "a",
    "ɡ": "g",
    "ʟ": "l",
    "ℓ": "l",
    "0": "o",
}

# Characters that draw nothing though they are not spaces (all but one are letters or symbols
# to Unicode, so no category finds them): Hangul fillers, the blank Braille pattern, the Khmer
# inherent vowels, the Mongolian vowel separator.
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")


def same_form(name: str) -> str:
    """``name`` as compared for "the same name": NFKC, case-folded, one space between words."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def unseen(name: str) -> bool:
    """Whether ``name`` holds a character that draws nothing: a blank that is not a space, or a
    format character (category Cf: zero-width spaces and joiners, direction marks)."""
    return any(c in BLANK or unicodedata.category(c) == "Cf" for c in name)


def skeleton(name: str) -> str:
    """What ``name`` looks like: :func:`same_form`, without accents (NFKD's combining marks), the
    characters that cannot be seen left out, and look-alike letters replaced by the Latin letters
    they are taken for.  Two names with one skeleton can be taken for one another."""
    out = []
    for c in unicodedata.normalize("NFKD", same_form(name)):
        if c in BLANK or unicodedata.category(c) in ("Mn", "Cf"):
            continue
        out.append(LOOK_ALIKE.get(c, c))
    return " ".join("".join(out).split())
