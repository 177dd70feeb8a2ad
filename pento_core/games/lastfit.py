"""Last Fit: Golomb's pentomino game for two to four players, or one against the computer, and the
blocking puzzle (:mod:`pento_core.polyomino.lastfit` holds the rules and the players).

Text formats:

* **desc**: ``BOARD~PLAYERS``.  BOARD is ``RxC`` or board rows (``.`` a cell,
  ``#`` none) joined by ``/``; PLAYERS is two to four names separated by
  commas, where ``computer:LEVEL`` is the computer (beginner, intermediate,
  strong or perfect), or ``block`` for the blocking puzzle (one player: place
  as few pentominoes as possible so that no other fits).
* **state**: the moves made, placements ``F3@2,5`` (the cover game's format)
  joined by ``;``, the computer's included.
* **move**: a placement.  Against the computer, its reply is played in the
  same move, so Undo goes back to the player's own last move.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from zlib import crc32

from ..budget import Budget, BudgetSpent, Outcome
from ..errors import IllegalMoveError, ParseError, PentoError
from ..i18n import N_, ntr, tr
from ..limits import MAX_DESC, MAX_SIDE, MAX_STATE, within
from ..polyomino import lastfit as lf
from ..polyomino.board import Position
from ..polyomino.placement import Put, read_put, resolve, write_put
from ..polyomino.puzzle import parse_puzzle
from . import words
from .base import JSON, Field, Form, GameBase, Hint, Preset, ProgressFn, Situation, Solution
from .pieces_view import piece_table, placement_json

COMPUTER = "computer:"
BLOCK = "block"
BOARDS = ("8x8", "6x10", "5x12", "7x7", "6x6", "5x6")  # the forms' boards (any board works in a link)
RECORD_BLOCK = 5  # Golomb: five pentominoes can block the 8x8, and no fewer
_NAME = re.compile(r"^[^,~;:/<>&\"'`\x00-\x1f]{1,24}$")

RULES = N_("""\
Players take turns placing one pentomino on the board; turn and flip it as you like. Each of the
twelve pieces can be used only once, by whoever places it first. The player who cannot place any
piece when it is their turn loses: be the last to fit a piece!

Play with friends on one device (two to four players, names on the start screen), or against the
computer at four levels: beginner (it plays at random), intermediate (it leaves you as few moves as
it can), strong (it plays out thousands of random games before it moves) and perfect (once the
board is small enough to calculate, it never makes a mistake).

Drag a piece from the tray onto the board, or tap it and then tap the board; Rotate and Mirror turn
it. Pieces on the board stay. Undo takes back your last move (and the computer's answer). Hint
analyses the position: once it can be calculated, it says whether the player to move wins and
shows a winning move. When the game is over, Replay shows it again move by move.

The blocking puzzle: place as few pentominoes as you can so that none of the others fits anywhere.
Golomb showed that five are enough on the 8 x 8 board, and that no fewer will do.""")


@dataclass(frozen=True)
class Players:
    """The desc's players: ``names`` in turn order, ``levels`` the computer's level for each
    (None: a person); ``block`` for the blocking puzzle."""

    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    block: bool


@dataclass(frozen=True)
class LFState:
    desc: str
    lay: lf.Layout
    players: Players
    moves: tuple[lf.Move, ...]
    occupied: int
    used: int

    @property
    def turn(self) -> int:
        return len(self.moves) % len(self.players.names)


def _players(text: str) -> Players:
    if text.strip().lower() == BLOCK:
        return Players(("You",), (None,), True)
    parts = [p.strip() for p in text.split(",")]
    if not 2 <= len(parts) <= 4:
        raise ParseError(tr("Last Fit is for two to four players, names separated by commas"))
    names: list[str] = []
    levels: list[str | None] = []
    for p in parts:
        if p.lower().startswith(COMPUTER):
            level = p[len(COMPUTER) :].strip().lower()
            if level not in lf.LEVELS:
                raise ParseError(
                    tr("the computer plays at {value}, not {value2!r}", value=", ".join(lf.LEVELS), value2=level[:20])
                )
            names.append(f"{COMPUTER}{level}")
            levels.append(level)
        else:
            if not _NAME.match(p) or any(unicodedata.category(ch)[0] == "C" for ch in p):
                # control and format characters (a bidi override turns the title around) as in race names
                raise ParseError(tr("a player's name has 1 to 24 characters, without , ~ ; : / < > & or quotes"))
            names.append(p)
            levels.append(None)
    if any(levels) and (len(parts) != 2 or all(levels)):
        raise ParseError(tr("against the computer, Last Fit is one person and one computer"))
    return Players(tuple(names), tuple(levels), False)


@lru_cache(maxsize=32)
def _puzzle(desc: str) -> tuple[lf.Layout, Players]:
    within(desc, N_("the game description"), MAX_DESC)
    spec, sep, who = desc.partition("~")
    if not sep:
        raise ParseError(tr("a Last Fit game is BOARD~PLAYERS, such as 8x8~Ana,Bruno or 8x8~You,computer:strong"))
    board = parse_puzzle(spec.strip(), MAX_SIDE).board
    if board.area > 400:
        raise ParseError(tr("Last Fit boards have at most 400 cells, not {area}", area=board.area))
    return lf.layout(board), _players(who)


def _names(items: list[str]) -> str:
    """``X, Y and Z`` in the current language; ``none`` for no item."""
    if not items:
        return tr("none")
    if len(items) == 1:
        return items[0]
    return tr("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


_PLACEHOLDER = re.compile(r"^Player ([1-4])$")


def _shown(players: Players) -> tuple[str, ...]:
    """The players' names as the page shows them: the presets' "You" and "Player 1" and the
    computer in the current language, a name someone typed as typed.  (Made where shown: a
    cached puzzle holds no translated text.)"""
    shown = []
    for name, level in zip(players.names, players.levels, strict=True):
        placeholder = _PLACEHOLDER.match(name)
        if level is not None:
            shown.append(tr("Computer ({level})", level=tr(level)))
        elif name == "You":
            shown.append(tr("You"))
        elif placeholder:
            shown.append(tr("Player {n}", n=int(placeholder.group(1))))
        else:
            shown.append(name)
    return tuple(shown)


class LastFitGame(GameBase[LFState, Put]):
    """Last Fit with friends or against the computer, and the blocking puzzle."""

    id = "lastfit"
    view_module = "cover"  # the cover game's view draws it
    title = N_("Last Fit")
    description = N_("Take turns placing pentominoes: whoever fits the last piece wins. Golomb's game.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve")  # Solve for the blocking puzzle only (info's "solvable")
    picture_solved = False
    # the puzzle of the day: the blocking puzzle on a larger board each day (the board is the
    # weekday's: the game generates nothing, so Monday's puzzle is the same every week)
    daily_levels: tuple[str, ...] = tuple(
        f"{board}~block" for board in ("5x6", "6x6", "7x7", "5x12", "6x10", "8x8", "8x10")
    )

    def situations(self) -> list[Situation]:
        return [
            Situation(
                "lost against the computer",
                "8x8~You,computer:intermediate",
                "L5@4,3;P2@1,1;Z0@0,2;N3@5,1;F4@0,4;I1@7,2;V0@4,0;Y0@2,6",
            ),
            Situation("the blocking puzzle, at its start", "5x6~block", ""),
            Situation("the blocking puzzle, blocked", "5x6~block", "F2@1,1;W2@1,3;N2@0,0;I1@4,0;L5@0,2"),
        ]

    def presets(self) -> list[Preset]:
        return [
            Preset(N_("Two players, 8 x 8"), "8x8~Player 1,Player 2"),
            Preset(N_("Against the computer (strong)"), "8x8~You,computer:strong"),
            Preset(N_("Against the computer (intermediate)"), "8x8~You,computer:intermediate"),
            Preset(N_("Perfect computer, 5 x 6"), "5x6~You,computer:perfect"),
            Preset(N_("Three players, 8 x 8"), "8x8~Player 1,Player 2,Player 3"),
            Preset(N_("Blocking puzzle: fewest pieces"), "8x8~block"),
        ]

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("Friends on one device"),
                "{board}~{players}",
                (
                    Field("board", N_("board"), "8x8", options=BOARDS),
                    Field("players", N_("names, in turn order"), "Ana, Bruno"),
                ),
            ),
            Form(
                N_("Against the computer"),
                "{board}~You,computer:{level}",
                (
                    Field("board", N_("board"), "8x8", options=BOARDS),
                    Field("level", N_("level"), "strong", options=lf.LEVELS),
                ),
            ),
            Form(
                N_("Computer first"),
                "{board}~computer:{level},You",
                (
                    Field("board", N_("board"), "8x8", options=BOARDS),
                    Field("level", N_("level"), "perfect", options=lf.LEVELS),
                ),
            ),
        ]

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        _puzzle(params)
        return params

    def validate(self, desc: str) -> None:
        _puzzle(desc)

    def start(self, desc: str, state: str = "") -> LFState:
        lay, players = _puzzle(desc)
        st = LFState(desc, lay, players, (), 0, 0)
        tokens = [t.strip() for t in within(state, N_("the position"), MAX_STATE).split(";") if t.strip()]
        for i, token in enumerate(tokens):
            try:
                st = self._play(st, read_put(token))
            except PentoError as e:
                raise ParseError(tr("move {value} ({value2!r}): {e}", value=i + 1, value2=token[:20], e=e)) from None
        return self._computer(st)  # the computer moves when it is its turn (it opens when it plays first)

    def preview(self, desc: str) -> LFState:
        """A game under way: a move for each player and one more, chosen as a beginner would (seeded
        by the desc, so each preset shows its own board and the picture is the same at every build)."""
        st = self.start(desc)
        for k in range(len(st.players.names) + 1):
            move = lf.choose(st.lay, st.occupied, st.used, lf.LEVELS[0], crc32(desc.encode()) + k)
            if move is None:
                break
            st = self.apply(st, move.text)
        return st

    def write_state(self, st: LFState) -> str:
        return ";".join(m.text for m in st.moves)

    def _play(self, st: LFState, put: Put) -> LFState:
        if self._over(st):
            raise IllegalMoveError(tr("the game is over"))
        piece, cells = resolve(put, lf.PENTOMINOES)
        k = lf.NAMES.index(piece.name)
        if st.used >> k & 1:
            raise IllegalMoveError(tr("{name} has been played already: each piece is used once", name=piece.name))
        if not all(c in st.lay.index for c in cells):
            raise IllegalMoveError(tr("{name} would stick out over the edge of the board", name=piece.name))
        mask = st.lay.mask(cells)
        if mask & st.occupied:
            raise IllegalMoveError(tr("{name} would overlap a piece on the board", name=piece.name))
        # the layout's own text for it, so a position is written one way whatever the player typed
        move = next((m for m in st.lay.moves if m.mask == mask and m.piece == k), lf.Move(k, mask, write_put(put)))
        return LFState(st.desc, st.lay, st.players, (*st.moves, move), st.occupied | mask, st.used | 1 << k)

    def _computer(self, st: LFState) -> LFState:
        """The computer's replies while it is its turn (its seed: the game and the moves so far)."""
        while not st.players.block and st.players.levels[st.turn] and not self._over(st):
            level = st.players.levels[st.turn]
            assert level is not None
            seed = crc32(f"{st.desc}|{self.write_state(st)}".encode())
            m = lf.choose(st.lay, st.occupied, st.used, level, seed)
            assert m is not None
            st = LFState(st.desc, st.lay, st.players, (*st.moves, m), st.occupied | m.mask, st.used | 1 << m.piece)
        return st

    def parse_move(self, text: str) -> Put:
        return read_put(text.strip())

    def write_move(self, move: Put) -> str:
        return write_put(move)

    def play(self, st: LFState, move: Put) -> LFState:
        if st.players.levels[st.turn] and not st.players.block:
            raise IllegalMoveError(tr("it is the computer's turn"))
        return self._computer(self._play(st, move))

    def _over(self, st: LFState) -> bool:
        return not lf.legal(st.lay.moves, st.occupied, st.used)

    # -- what the view needs ---------------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        lay, players = _puzzle(desc)
        board = lay.board
        if players.block and (board.height, board.width, board.area) == (8, 8, 64):
            goal = tr(
                "Place as few pentominoes as you can so that no other fits (the record on 8 x 8: {RECORD_BLOCK}).",
                RECORD_BLOCK=RECORD_BLOCK,
            )
        elif players.block:
            goal = tr("Place as few pentominoes as you can so that no other fits.")
        else:
            goal = tr("{value}: take turns; whoever cannot place a piece loses.", value=_names(list(_shown(players))))
        return {
            "title": tr("Last Fit: blocking puzzle")
            if players.block
            else tr("Last Fit: {value}", value=tr(" vs ").join(_shown(players))),
            "goal": goal,
            "board": board.text().split("\n"),
            "rows": board.height,
            "cols": board.width,
            "area": board.area,
            "pieces": [piece_table(p, n, False) for p, n in lf.PENTOMINOES],
            "players": None if players.block else list(_shown(players)),
            "computer": [lvl is not None for lvl in players.levels],
            "fixed": True,  # pieces on the board stay: the view offers no take-back and no Clear
            "block": players.block,
            "solvable": players.block,  # Solve shows a blocking; a game between players has none
        }

    def _position(self, st: LFState) -> Position:
        pos = Position(st.lay.board, lf.PENTOMINOES)
        for m in st.moves:
            p = lf.placement(st.lay, m)
            pos = pos.place(p.piece, p.cells)
        return pos

    def view(self, st: LFState) -> JSON:
        legal = lf.legal(st.lay.moves, st.occupied, st.used)
        left = [n for k, n in enumerate(lf.NAMES) if not st.used >> k & 1]
        over = not legal
        names = _shown(st.players)
        won: bool | None = None
        if st.players.block:
            placed = len(st.moves)
            board = st.lay.board
            eight = (board.height, board.width, board.area) == (8, 8, 64)  # the record is the 8 x 8's
            if over and eight and placed <= RECORD_BLOCK:
                summary = ntr(
                    "Blocked with {n} piece: no other fits. That is the record!",
                    "Blocked with {n} pieces: no other fits. That is the record!",
                    placed,
                )
                won = True
            elif over and eight:
                summary = ntr(
                    "Blocked with {n} piece: no other fits. The record is {record}.",
                    "Blocked with {n} pieces: no other fits. The record is {record}.",
                    placed,
                    record=RECORD_BLOCK,
                )
                won = True
            elif over:
                # (on another board no record is known: the solver's blocking is short, not proved the shortest)
                summary = ntr(
                    "Blocked with {n} piece: no other fits.", "Blocked with {n} pieces: no other fits.", placed
                )
                won = True
            else:
                summary = ntr(
                    "{placed} placed; {n} place is still open to the other pieces.",
                    "{placed} placed; {n} places are still open to the other pieces.",
                    len(legal),
                    placed=placed,
                )
        elif over:
            loser = names[st.turn]
            # "You" is a person of its own in a sentence ("you win", never "You wins"): the player
            # against the computer gets sentences of their own
            you_lose = st.players.names[st.turn] == "You" and st.players.levels[st.turn] is None
            if len(names) == 2:
                winner = names[1 - st.turn]
                you_win = st.players.names[1 - st.turn] == "You" and st.players.levels[1 - st.turn] is None
                won = not st.players.levels[1 - st.turn] if any(st.players.levels) else True
                if you_win:
                    summary = tr(
                        "{loser} cannot place a piece ({value} left): you win!", loser=loser, value=_names(left)
                    )
                elif you_lose:
                    summary = tr(
                        "You cannot place a piece ({value} left): {winner} wins.", value=_names(left), winner=winner
                    )
                else:
                    summary = tr(
                        "{loser} cannot place a piece ({value} left): {winner} wins!",
                        loser=loser,
                        value=_names(left),
                        winner=winner,
                    )
            else:
                won = True
                summary = tr("{loser} cannot place a piece ({value} left) and loses.", loser=loser, value=_names(left))
            if not left:
                summary = (
                    tr("All twelve pieces are placed: you have nothing left and lose.")
                    if you_lose
                    else tr("All twelve pieces are placed: {loser} has nothing left and loses.", loser=loser)
                )
        else:
            last = ""
            if st.moves and st.players.levels[(len(st.moves) - 1) % len(names)]:
                m = st.moves[-1]
                r, c = min(st.lay.cells_of(m.mask))
                last = tr(
                    "The computer placed {value} at ({value2},{value3}). ",
                    value=lf.NAMES[m.piece],
                    value2=r + 1,
                    value3=c + 1,
                )
            # the player against the computer is "you" in a sentence of its own ("Du bist am Zug",
            # never "Du ist am Zug"; "É a tua vez", never "Vez de Tu")
            if st.players.names[st.turn] == "You" and st.players.levels[st.turn] is None:
                summary = ntr(
                    "{last}Your turn: {n} possible placement.",
                    "{last}Your turn: {n} possible placements.",
                    len(legal),
                    last=last,
                )
            else:
                summary = ntr(
                    "{last}{value} to move: {n} possible placement.",
                    "{last}{value} to move: {n} possible placements.",
                    len(legal),
                    last=last,
                    value=names[st.turn],
                )
        pos = self._position(st)
        placements = [placement_json(p) for p in pos.placements]  # the same text as the move made
        if not st.players.block:  # whose piece each is: the page colours a piece by its player
            owner = {lf.NAMES[m.piece]: k % len(names) for k, m in enumerate(st.moves)}
            for one in placements:
                one["player"] = owner[one["piece"]]
        return {
            "placements": placements,
            "available": {n: 0 if st.used >> k & 1 else 1 for k, n in enumerate(lf.NAMES)},
            "covered": st.occupied.bit_count(),
            "area": st.lay.board.area,
            "turn": st.turn,
            "legal": len(legal),
            "moves": [m.text for m in st.moves],
            "complete": over,
            "won": won,
            "summary": summary,
        }

    def picture(self, st: LFState) -> list[str]:
        return self._position(st).picture()

    def describe(self, st: LFState) -> list[str]:
        return [self.view(st)["summary"], *words.position_lines(self._position(st))]

    # -- analysis ----------------------------------------------------------------------------------------

    def hint(self, st: LFState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        legal = lf.legal(st.lay.moves, st.occupied, st.used)
        if not legal:
            return Hint("solved", tr("The game is over."))
        if st.players.block:
            return self._blocking_hint(st, budget)
        who = _shown(st.players)[st.turn]
        if len(st.players.names) > 2:
            return Hint(
                "unknown",
                tr(
                    "{who} to move: {n_legal} possible placements (exact values are for two players).",
                    who=who,
                    n_legal=len(legal),
                ),
            )
        # far from the end the exact search cannot finish within a hint's seconds: it is not tried,
        # and near the end it searches the perfect player's number of positions at most (counted,
        # so the answer is the same on any machine); without a value the hint still shows a move:
        # the one that leaves the other player the fewest places
        exact = replace(budget.started(), max_nodes=lf.EXACT_NODES)
        verdict = lf.solve(st.lay, st.occupied, st.used, exact) if len(legal) <= lf.EXACT_MOVES else None
        counted = tr("{n_legal} possible placements now", n_legal=len(legal))
        if verdict is not None and verdict.value is not Outcome.UNKNOWN and verdict.move is not None:
            return self._move_hint(
                st,
                legal,
                verdict.move,
                N_(
                    "{who}: a win with perfect play. {value} at ({value2},{value3}), as shown, leaves"
                    " {replies} placements and no way to win. ({counted}.)"
                ),
                who=who,
                counted=counted,
            )
        # too early to know, or lost against perfect play: still a move to try (a player may not
        # play perfectly), the one that leaves the other player the fewest places
        if verdict is None or verdict.value is Outcome.UNKNOWN:
            message = N_(
                "{who}: too early to know who wins ({counted}). A good try: {value} at ({value2},{value3}),"
                " as shown, leaves the other player the fewest places ({replies})."
            )
        else:
            message = N_(
                "{who}: a loss against perfect play, whatever the move ({counted}). The hardest for the other"
                " player: {value} at ({value2},{value3}), as shown, leaves the fewest places ({replies})."
            )
        best_try = lf.fewest_replies(legal, st.occupied, st.used)
        return self._move_hint(st, legal, best_try, message, who=who, counted=counted)

    def _move_hint(self, st: LFState, legal: list[lf.Move], m: lf.Move, message: str, **values: str) -> Hint:
        """A hint showing move ``m``: ``message`` (marked with N_) in the player's language, filled with
        ``values``, the piece (``value``), its top left cell counted from 1 (``value2``, ``value3``)
        and how many placements it leaves the other player (``replies``)."""
        cells = st.lay.cells_of(m.mask)
        r, c = min(cells)
        replies = len(lf.after(legal, m))
        said = tr(message, value=lf.NAMES[m.piece], value2=r + 1, value3=c + 1, replies=replies, **values)
        return Hint("place", said, m.text, cells)

    def _blocking_hint(self, st: LFState, budget: Budget) -> Hint:
        """The blocking puzzle's hint: the first piece of a blocking found from this position
        (:func:`lf.blocking_plan`), and how many pieces that way takes."""
        try:
            plan = lf.blocking_plan(st.lay, st.occupied, st.used, budget)
        except BudgetSpent:
            return Hint("unknown", tr("The solver ran out of time on this position; try again."))
        m = plan[0]
        r, c = min(st.lay.cells_of(m.mask))
        return Hint(
            "place",
            ntr(
                "Place {piece} at ({row},{col}), as shown: no other piece fits then ({total} pieces in all).",
                "Place {piece} at ({row},{col}), as shown: {n} more pieces this way block the board ({total} in all).",
                len(plan),
                piece=lf.NAMES[m.piece],
                row=r + 1,
                col=c + 1,
                total=len(st.moves) + len(plan),
            ),
            m.text,
            st.lay.cells_of(m.mask),
        )

    def solve(self, st: LFState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        if not st.players.block:
            return Solution(False, tr("Last Fit has no solution to show: Hint analyses the position."))
        try:
            plan = lf.blocking_plan(st.lay, st.occupied, st.used, budget)
        except BudgetSpent:
            return Solution(False, tr("The solver ran out of time."))
        total = len(st.moves) + len(plan)
        board = st.lay.board
        if (board.height, board.width, board.area) == (8, 8, 64):
            said = tr("Blocked with {total} pieces (the record on 8 x 8: {record}).", total=total, record=RECORD_BLOCK)
        else:
            said = tr("Blocked with {total} pieces.", total=total)
        return Solution(True, said, [m.text for m in plan])
