"""Match transcripts in the Jellyfish ``.mat`` text format that GNU Backgammon imports: writer and reader.

The writer copies GNU Backgammon's own exporter (``ExportGameJF`` in ``export.c``) column for column, so a file we
write looks like one gnubg writes and gnubg's importer (``ImportMat``) reads it back (checked: three published
gnubg exports, read and written again, came out byte for byte the same)::

     3 point match

     Game 1
     Ann : 0                        Bob : 0
      1)                             31: 8/5 6/5
      2) 64: 24/18 18/14              Doubles => 2
      3)  Takes                      52: 13/8 13/11

Left column player 0, right column player 1; a row is ``%3d) `` then the left record padded to 27 and a space,
then the right record. Plays are gnubg's "plain" form: single-die moves in the order made (as gnubg writes its
move records), 25 for the bar, 0 for off, ``*`` on the checker that hits, a space after each of the first three
moves. ``Wins N point(s)`` sits under the winner's column.

The reader is lenient the way gnubg's importer is: columns are found, not counted, so files from Jellyfish, XG,
FIBS and gnubg all read; plays are kept as the text written (``bar``/``off``, ``(2)``, chained ``24/20/16`` all
fine) and :func:`to_match` replays them through the rules to rebuild the games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Optional

from rules.errors import RulesError
from rules.game import BEAROFF, Action, Game, Phase
from rules.match import Match
from rules.scoring import BACKGAMMON, GAMMON, SINGLE, Ruleset


class MatError(RulesError):
    """A .mat file that does not read, or whose games do not replay; the message names the line."""


# ================================================================================================== writing
def _plural(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def plain_play(steps: Iterable[tuple[int, int, bool]]) -> str:
    """gnubg's ``FormatMovePlain`` of single-die steps ``(from, to, hit)``, in the order they were made.

    gnubg writes its move record's order too (its files show ``41: 13/9 24/23``), and reads any executable order.
    """
    out = []
    for i, (frm, to, hit) in enumerate(list(steps)[:4]):
        out.append(f"{frm}/{to}{'*' if hit else ''}" + (" " if i < 3 else ""))
    return "".join(out)


def _play_text(action: Action) -> str:
    if action.steps is not None:
        return plain_play(action.steps)
    text = action.notation or ""
    return "" if text == "(no play)" else text


def _records(game: Game) -> list[tuple[str, int, Action]]:
    """The game's actions as gnubg's move records: plays, doubles, takes, drops, resignations, and a roll with no
    play after it (``setdice``: rolled, then resigned, or the game stops there)."""
    kinds = {"play": "normal", "double": "double", "take": "take", "pass": "drop", "resign": "resign"}
    out = []
    actions = game.actions
    for index, a in enumerate(actions):
        if a.kind in kinds:
            out.append((kinds[a.kind], a.player, a))
        elif a.kind == "roll" and (index + 1 == len(actions) or actions[index + 1].kind != "play"):
            out.append(("setdice", a.player, a))
    return out


def game_text(game: Game, number: int, score: tuple[int, int], names: tuple[str, str]) -> str:
    """One game, ``Game N`` to the blank line after its result, exactly as gnubg's exporter lays it out."""
    out = [f" Game {number}\n"]
    first = f"{names[0]} : {score[0]}"
    out.append(f" {first:<31}{names[1]} : {score[1]}\n")
    records = _records(game)
    i = 0
    file_cube = 1
    dice_rolled = 0
    for index, (kind, player, action) in enumerate(records):
        if kind == "normal":
            dice_rolled = 0
            d1, d2 = action.dice
            sz = f"{d1}{d2}: " + _play_text(action)
        elif kind == "setdice":
            d1, d2 = action.dice
            sz = f"{d1}{d2}: "
        elif kind == "double":
            file_cube *= 2
            sz = f" Doubles => {file_cube}"
        elif kind == "take":
            sz = " Takes"
        elif kind == "drop":
            points = game.outcome.points if game.outcome else file_cube // 2
            sz = " Drops" + ("\n      " if i & 1 else " " * 23) + f"Wins {_plural(points)}"
        else:  # resign: player is the one who resigned
            points = game.outcome.points
            shifted = (i & 1) ^ dice_rolled
            if player == 1:
                sz = ("\n" if shifted else "") + f"      Wins {_plural(points)}\n"
            else:
                sz = (" " if shifted else " " * (24 if i & 1 else 34)) + f"Wins {_plural(points)}\n"
        if i == 0 and kind == "normal" and player == 1:
            out.append("  1)                             ")
            i += 1
        if i & 1 or kind == "resign":
            out.append(sz if kind == "setdice" else sz + "\n")
        elif kind != "setdice":
            out.append(f"{(i >> 1) + 1:3d}) {sz:<27} ")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {sz:<3}")
        if kind == "setdice":
            dice_rolled = 1
        if kind == "drop":
            out.append("\n")
            if not i & 1:
                out.append("\n")
        last = index == len(records) - 1
        if last and kind == "normal" and game.outcome and game.outcome.how == BEAROFF:
            lead = " " * 34 if i & 1 else "\n      "
            out.append(f"{lead}Wins {_plural(game.outcome.points)}\n\n")
        i += 1
    return "".join(out)


def write_mat(match: Match, tags: Optional[dict[str, str]] = None) -> str:
    """The whole match as .mat text. ``tags`` become gnubg's header comments (``; [Event "..."]``)."""
    out = [f'; [{key} "{value}"]\n' for key, value in (tags or {}).items()]
    out.append("\n")
    out.append(f" {match.length} point match\n\n")
    contexts = match.contexts()
    for index, game in enumerate(match.games):
        out.append(game_text(game, index + 1, contexts[index].score, match.names))
    return "".join(out)


# ================================================================================================== reading
@dataclass(frozen=True, slots=True)
class MatAction:
    """One record. ``player`` 0 is the left column, 1 the right.

    ``kind``: ``roll`` (``dice`` and ``play``: the text written, ``""`` for no move, None when unrecorded ``???``),
    ``double`` (``cube``: the value doubled to, when written), ``take``, ``drop``, ``win`` (``points``).
    """

    player: int
    kind: str
    line: int
    dice: Optional[tuple[int, int]] = None
    play: Optional[str] = None
    cube: Optional[int] = None
    points: Optional[int] = None


@dataclass
class MatGame:
    number: int
    names: tuple[str, str]
    score: Optional[tuple[int, int]]
    line: int
    actions: list[MatAction] = field(default_factory=list)

    @property
    def result(self) -> Optional[tuple[int, int]]:
        """(winner, points) from the ``Wins`` record, if the game has one."""
        wins = [a for a in self.actions if a.kind == "win"]
        return (wins[-1].player, wins[-1].points) if wins else None


@dataclass
class MatMatch:
    length: int
    games: list[MatGame]
    tags: dict[str, str] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, str]:
        return self.games[0].names if self.games else ("Player 0", "Player 1")


_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.I)
_NAMES = re.compile(r"^\s*(?P<n0>\S.*?)\s*:\s*(?P<s0>\d+)\s+(?P<n1>\S.*?)\s*:\s*(?P<s1>\d+)\s*$")
_NAMES_ONLY = re.compile(r"^\s*(?P<n0>\S+(?: \S+)*)\s{2,}(?P<n1>\S.*?)\s*$")
_TAG = re.compile(r'^\s*;\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_NUMBER = re.compile(r"^\s*\d+\)")
_START = re.compile(
    r"(?<![\w/*(])(?:[1-6][1-6]:|doubles?\b|takes?\b|accepts?\b|drops?\b|pass(?:es)?\b|refuses?\b|wins?\b|beavers?\b)",
    re.I,
)
_ROLL = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_DOUBLE = re.compile(r"^doubles?(?:\s*=>\s*(\d+))?\s*$", re.I)
_WIN = re.compile(r"^wins?\s+(\d+)\s+points?\b", re.I)
_NO_MOVE = {"", "cannot move", "can't move", "cant move", "no move", "(no play)", "no play"}

LEFT_LIMIT = 16  # a record starting this far past ')' is in the right column (gnubg: 1 vs 29)
LEFT_LIMIT_UNNUMBERED = 20  # the same for a line without a move number (gnubg's 'Wins': column 6 vs 34)


def _record(text: str, player: int, line: int) -> MatAction:
    text = text.strip()
    m = _ROLL.match(text)
    if m:
        rest = m.group(3).strip()
        play: Optional[str] = None if rest.startswith("???") else ("" if rest.lower() in _NO_MOVE else rest)
        return MatAction(player, "roll", line, dice=(int(m.group(1)), int(m.group(2))), play=play)
    low = text.lower()
    m = _DOUBLE.match(text)
    if m:
        return MatAction(player, "double", line, cube=int(m.group(1)) if m.group(1) else None)
    if low.startswith(("take", "accept")):
        return MatAction(player, "take", line)
    if low.startswith(("drop", "pass", "refuse")):
        return MatAction(player, "drop", line)
    m = _WIN.match(text)
    if m:
        return MatAction(player, "win", line, points=int(m.group(1)))
    if low.startswith("beaver"):
        raise MatError(f"line {line}: beavers are not supported: {text!r}")
    raise MatError(f"line {line}: cannot read the record {text!r}")


def _line_records(raw: str, line: int) -> list[MatAction]:
    m = _NUMBER.match(raw)
    base = m.end() if m else 0
    starts = [s.start() for s in _START.finditer(raw, base)]
    if not starts:
        if raw[base:].strip():
            raise MatError(f"line {line}: cannot read {raw.strip()!r}")
        return []
    if len(starts) > 2:
        raise MatError(f"line {line}: more than two records on one row: {raw.strip()!r}")
    texts = [raw[a:b] for a, b in zip(starts, starts[1:] + [len(raw)])]
    if raw[base:starts[0]].strip():
        raise MatError(f"line {line}: cannot read {raw[base:starts[0]].strip()!r}")
    if len(starts) == 2:
        players = [0, 1]
    else:
        limit = LEFT_LIMIT if m else LEFT_LIMIT_UNNUMBERED
        players = [0 if starts[0] - base < limit else 1]
    return [_record(t, p, line) for t, p in zip(texts, players)]


def read_mat(text: str) -> MatMatch:
    """Parse .mat text into games of records; raise :class:`MatError` naming the line of anything unreadable."""
    lines = text.splitlines()
    tags: dict[str, str] = {}
    length: Optional[int] = None
    games: list[MatGame] = []
    expect_names = False
    for number, raw in enumerate(lines, start=1):
        raw = raw.rstrip("\r\n").replace("\t", "    ")
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith(";"):
            m = _TAG.match(stripped)
            if m:
                tags[m.group(1)] = m.group(2)
            continue
        if length is None:
            m = _HEADER.match(raw)
            if m:
                length = int(m.group(1))
            continue  # anything before the header is ignored, as gnubg does
        m = _GAME.match(raw)
        if m:
            games.append(MatGame(int(m.group(1)), ("", ""), None, number))
            expect_names = True
            continue
        if not games:
            raise MatError(f"line {number}: expected 'Game 1', found {stripped!r}")
        if expect_names:
            expect_names = False
            m = _NAMES.match(raw) or _NAMES_ONLY.match(raw)
            if not m:
                raise MatError(f"line {number}: expected the players' names and scores, found {stripped!r}")
            games[-1].names = (m.group("n0"), m.group("n1"))
            if "s0" in m.groupdict():
                games[-1].score = (int(m.group("s0")), int(m.group("s1")))
            continue
        games[-1].actions.extend(_line_records(raw, number))
    if length is None:
        raise MatError("no 'N point match' header: this is not a .mat file")
    return MatMatch(length, games, tags)


# ================================================================================================ replaying
_RESIGN_KINDS = {1: SINGLE, 2: GAMMON, 3: BACKGAMMON}


def _where(game: MatGame, action: MatAction) -> str:
    return f"line {action.line} (game {game.number})"


def _as_written(play, text: str, position):
    """The legal ``play`` with the single-die steps the file wrote, when the text spells them out one die each.

    The generator returns one path per result; a file may have reached the same result by other stops or in
    another order. Keeping the written steps makes a transcript read and written again come out the same.
    """
    from rules.moves import Move, Play, apply_play
    from rules.notation import parse_segments

    segments = parse_segments(text)
    if len(segments) != len(play.moves):
        return play
    steps, here = [], position
    for frm, to in segments:
        try:
            after = apply_play(here, [(frm, to)])
        except RulesError:
            return play
        steps.append(Move(frm, to, after.opponent_bar > here.opponent_bar))
        here = after
    return Play(tuple(steps), play.position) if here == play.position else play


def replay_game(mat_game: MatGame, ruleset: Ruleset | str = Ruleset.STANDARD, *, crawford: bool = False,
                jacoby: bool = False, check: bool = True) -> Game:
    """Rebuild a :class:`Game` from its records. ``check=False`` records illegal plays instead of refusing them."""
    from rules.moves import apply_play
    from rules.notation import parse_play, parse_segments

    game = Game(ruleset, crawford=crawford, jacoby=jacoby)
    actions = mat_game.actions
    for position, action in enumerate(actions):
        where = _where(mat_game, action)
        try:
            if action.kind == "roll":
                d1, d2 = action.dice
                if game.phase is Phase.OPENING:
                    if d1 == d2:
                        raise MatError(f"{where}: an opening roll cannot be a double ({d1}{d2})")
                    high, low = max(d1, d2), min(d1, d2)
                    game.opening_roll(high if action.player == 0 else low, low if action.player == 0 else high)
                else:
                    if action.player != game.turn:
                        raise MatError(f"{where}: player {action.player} rolls, but player {game.turn} is on roll")
                    game.roll(d1, d2)
                if action.play is None:
                    raise MatError(f"{where}: the play with {d1}{d2} was not recorded ('???'); cannot go on")
                following = actions[position + 1].kind if position + 1 < len(actions) else None
                if action.play == "" and following in (None, "win") and game.legal_plays():
                    continue  # rolled, then resigned (gnubg writes the dice alone), or the record stops here
                try:
                    play = _as_written(parse_play(action.play, game.position, game.dice), action.play, game.position)
                    game.play(play)
                except RulesError:
                    if check:
                        raise
                    after = apply_play(game.position, parse_segments(action.play))
                    game.play(after, check=False)
            elif action.kind == "double":
                game.double(action.player)
                if action.cube is not None and action.cube != game.cube.value * 2:
                    raise MatError(f"{where}: doubles to {action.cube}, but the cube is at {game.cube.value}")
            elif action.kind == "take":
                game.take(action.player)
            elif action.kind == "drop":
                game.pass_(action.player)
            elif action.kind == "win":
                if not game.is_over:
                    ratio, rest = divmod(action.points, game.cube.value)
                    kind = _RESIGN_KINDS.get(ratio) if not rest else None
                    if game.ruleset is Ruleset.CLUB:
                        kind = _RESIGN_KINDS.get(action.points)
                    if kind is None:
                        raise MatError(f"{where}: {action.points} points is no resignation at cube {game.cube.value}")
                    game.resign(1 - action.player, kind)
                outcome = game.outcome
                if (outcome.winner, outcome.points) != (action.player, action.points):
                    raise MatError(
                        f"{where}: the file says player {action.player} wins {action.points}, but the game ends "
                        f"with player {outcome.winner} winning {outcome.points}"
                    )
        except MatError:
            raise
        except RulesError as exc:
            raise MatError(f"{where}: {exc}") from None
    return game


def to_match(mat: MatMatch, ruleset: Ruleset | str = Ruleset.STANDARD, *, check: bool = True) -> Match:
    """Replay every game of a parsed file into a :class:`Match`, checking the scores the file states."""
    start = (mat.games[0].score or (0, 0)) if mat.games else (0, 0)
    if mat.length and max(start) >= mat.length:
        line = mat.games[0].line
        raise MatError(f"line {line}: the first game starts at {start[0]}-{start[1]}, past the match length")
    # a transcript that starts mid-match: gnubg's importer takes a game at match point (one side only) as Crawford
    crawford = bool(mat.length) and ((start[0] == mat.length - 1) != (start[1] == mat.length - 1))
    match = Match(mat.length, ruleset, names=mat.names, start_score=start, start_crawford=crawford)
    for mat_game in mat.games:
        if mat.length and match.is_over:
            break  # gnubg ignores games after the match is won
        if mat_game.score is not None and mat_game.score != match.score:
            raise MatError(
                f"line {mat_game.line} (game {mat_game.number}): the file gives the score "
                f"{mat_game.score[0]}-{mat_game.score[1]}, the games before make it {match.score[0]}-{match.score[1]}"
            )
        crawford = match.contexts()[-1].crawford
        game = replay_game(mat_game, match.ruleset, crawford=crawford, jacoby=match.jacoby, check=check)
        match.add_game(game)
    return match


def read_match(text: str, ruleset: Ruleset | str = Ruleset.STANDARD, *, check: bool = True) -> Match:
    """Parse and replay .mat text in one step."""
    return to_match(read_mat(text), ruleset, check=check)
