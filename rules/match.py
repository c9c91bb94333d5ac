"""A match to N points (or a money game / club session, N = 0): its games, the score, and the Crawford rule.

Everything is derived from the list of games, so undoing a game's last action (``Game.pop``) can never leave the
score stale. The Crawford game is worked out the way GNU Backgammon does it: the game right after one side first
reaches ``length - 1`` (the other side still short of it) is the Crawford game, with no doubling; the games after
it are post-Crawford. Club rules have no cube, so no Crawford game either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from rules.errors import RulesError
from rules.game import Game, IllegalAction
from rules.scoring import Ruleset, Tally


@dataclass(frozen=True, slots=True)
class GameContext:
    """What a game inherits from the match: the score before it and its Crawford status."""

    score: tuple[int, int]
    crawford: bool
    post_crawford: bool


class Match:
    """Games of one match (``length`` > 0) or one money game series / club session (``length`` 0)."""

    def __init__(
        self,
        length: int = 0,
        ruleset: Union[Ruleset, str] = Ruleset.STANDARD,
        *,
        crawford_rule: bool = True,
        jacoby: bool = False,
        names: tuple[str, str] = ("Player 0", "Player 1"),
        start_score: tuple[int, int] = (0, 0),
        start_crawford: bool = False,
    ) -> None:
        """``start_score`` / ``start_crawford``: where the recorded games begin, when a match is taken up mid-way
        (an XGID, a Match ID, a transcript that starts late). Post-Crawford then follows from the score, as gnubg
        decides it (a side at ``length - 1`` outside the Crawford game)."""
        if not isinstance(length, int) or length < 0:
            raise RulesError(f"match length {length!r} must be 0 (money play / session) or a positive number")
        self.length = length
        self.ruleset = Ruleset.parse(ruleset)
        self.crawford_rule = crawford_rule and self.ruleset.uses_cube and length > 0
        self.jacoby = jacoby and length == 0 and self.ruleset.uses_cube  # Jacoby is a money-play rule
        self.names = (str(names[0]), str(names[1]))
        self.start_score = (int(start_score[0]), int(start_score[1]))
        if min(self.start_score) < 0 or (length and max(self.start_score) >= length):
            s0, s1 = self.start_score
            raise RulesError(f"starting score {s0}-{s1} does not fit a {length} point match")
        self.start_crawford = bool(start_crawford) and self.crawford_rule
        self.games: list[Game] = []

    # ------------------------------------------------------------------------------------------------ score
    def contexts(self) -> list[GameContext]:
        """Score and Crawford status before each game, plus one entry for the next game (gnubg's rule)."""
        out: list[GameContext] = []
        tally = Tally(list(self.start_score))
        crawford = self.start_crawford
        post = self.crawford_rule and not crawford and self.length - 1 in self.start_score
        for game in self.games:
            out.append(GameContext(tally.as_tuple(), crawford, post))
            if not game.is_over:
                return out
            winner = game.outcome.winner
            tally.add(winner, game.outcome.points)
            if self.crawford_rule:
                post = post or (crawford and tally[winner] < self.length)
                crawford = not post and not crawford and tally[winner] == self.length - 1
        out.append(GameContext(tally.as_tuple(), crawford, post))
        return out

    @property
    def score(self) -> tuple[int, int]:
        """Points won so far by players 0 and 1 (finished games only): the session total in a session."""
        tally = Tally(list(self.start_score))
        for game in self.games:
            if game.is_over:
                tally.add(game.outcome.winner, game.outcome.points)
        return tally.as_tuple()

    @property
    def winner(self) -> Optional[int]:
        if not self.length:
            return None
        s = self.score
        for player in (0, 1):
            if s[player] >= self.length:
                return player
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current_game(self) -> Optional[Game]:
        """The game in progress, or None between games."""
        if self.games and not self.games[-1].is_over:
            return self.games[-1]
        return None

    def is_crawford(self) -> bool:
        """Is the game in progress (or, between games, the next one) the Crawford game?"""
        contexts = self.contexts()
        return contexts[len(self.games) - 1 if self.current_game else -1].crawford

    def is_post_crawford(self) -> bool:
        contexts = self.contexts()
        return contexts[len(self.games) - 1 if self.current_game else -1].post_crawford

    def away(self) -> tuple[int, int]:
        """Points each player still needs (match play only)."""
        if not self.length:
            raise RulesError("a money game or session has no 'points away'")
        s = self.score
        return (max(self.length - s[0], 0), max(self.length - s[1], 0))

    # ------------------------------------------------------------------------------------------------ games
    def new_game(self) -> Game:
        """Start the next game (the previous one must be over, the match not)."""
        if self.current_game is not None:
            raise IllegalAction(f"game {len(self.games)} is still being played")
        if self.is_over:
            raise IllegalAction(f"the match is over: player {self.winner} won {self.score[0]}-{self.score[1]}")
        game = Game(self.ruleset, crawford=self.contexts()[-1].crawford, jacoby=self.jacoby)
        self.games.append(game)
        return game

    def add_game(self, game: Game) -> None:
        """Append a game built elsewhere (a transcript); its Crawford flag must agree with the match's."""
        if self.current_game is not None:
            raise IllegalAction(f"game {len(self.games)} is still being played")
        expected = self.contexts()[-1].crawford
        if game.crawford != expected:
            raise RulesError(
                f"game {len(self.games) + 1} is {'' if game.crawford else 'not '}marked Crawford, "
                f"but the score {self.score[0]}-{self.score[1]} makes it {'' if expected else 'not '}the Crawford game"
            )
        self.games.append(game)

    # ------------------------------------------------------------------------------------------------ export
    def _now(self) -> tuple[Game, tuple[int, int]]:
        game = self.current_game or (self.games[-1] if self.games else None)
        if game is None:
            raise RulesError("the match has no game yet")
        return game, self.contexts()[len(self.games) - 1].score

    def match_id(self) -> str:
        """GNU Backgammon Match ID of the game in progress (or the last one)."""
        game, score = self._now()
        return game.match_id(self.length, score)

    def gnubg_id(self) -> str:
        game, score = self._now()
        return game.gnubg_id(self.length, score)

    def xgid(self) -> str:
        game, score = self._now()
        return game.xgid(self.length, score)


# ------------------------------------------------------------------------------------------------ resuming
def match_from_xgid(xgid_text: str, ruleset: Union[Ruleset, str] = Ruleset.STANDARD) -> Match:
    """A match holding one game taken up at the state an XGID describes."""
    from rules.xgid import decode

    x = decode(xgid_text)
    match = Match(x.length, ruleset, jacoby=x.jacoby, start_score=x.score, start_crawford=x.crawford)
    match.add_game(
        Game.resume(x.position, x.turn, dice=x.dice, cube=x.cube, cube_owner=x.cube_owner, doubled=x.doubled,
                    ruleset=match.ruleset, crawford=match.start_crawford, jacoby=match.jacoby)
    )
    return match


def match_from_gnubg_id(position_id: str, match_id: str, ruleset: Union[Ruleset, str] = Ruleset.STANDARD) -> Match:
    """A match holding one game taken up at the state a GNU Backgammon Position ID + Match ID describe.

    The position is seen from the player on roll (``move``), as gnubg writes it. A Match ID of a game not yet
    started gives a match whose game waits for its opening roll.
    """
    from rules.matchid import GameState, decode
    from rules.position import Position

    state = decode(match_id)
    position = Position.from_position_id(position_id)
    match = Match(state.length, ruleset, jacoby=state.jacoby and not state.length, start_score=state.score,
                  start_crawford=state.crawford)
    if state.game_state is GameState.NONE:
        match.new_game()
        return match
    if state.game_state is not GameState.PLAYING:
        raise RulesError(f"Match ID {match_id!r} describes a finished game (state {state.game_state.name.lower()})")
    match.add_game(
        Game.resume(position, state.move, dice=state.dice, cube=state.cube, cube_owner=state.cube_owner,
                    doubled=state.doubled, ruleset=match.ruleset, crawford=match.start_crawford, jacoby=match.jacoby)
    )
    return match
