"""Following the game: a state machine over accepted (still, agreed) readings that emits referee events.

Phases: ``setup`` (wait for a clear starting position; it fixes who sits where) -> ``opening`` (one die each side;
equal dice roll again) -> ``moving`` (the roller's checkers move; in-between positions and taken-back moves are
fine) -> dice lifted: judge the play -> ``awaiting`` (the next player's roll, or a double) -> ... -> ``game_end`` ->
``setup`` of the next game. The board as seen is always the truth: the tracker never insists on a position it
expects, so after an illegal play the game goes on from what is on the board (the position as played stands once
the opponent rolls; a correction made before that roll is judged again).

Events are dicts (see device/events.py); the tracker does no I/O, so the referee can store them before announcing.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional

from device.events import make_event
from device.seating import COLOURS, HOMES, Board, Seating, is_start, other
from device.stability import cube_side
from rules.position import CHECKERS, Position
from vision.observation import DieReading, Observation

log = logging.getLogger(__name__)

LOW_CONFIDENCE = 0.6  # a point read with less confidence than this may hide a misread
MAX_SNAP_POINTS = 3  # a reading this close to the expected board (on unsure points only) is taken as it
MAX_START_DOUBT = 4  # the start has four tall stacks, each of which may be doubtful; the other 20 points must match
MAX_KNOCKED = 2  # more checkers missing than this is a misread, not checkers knocked off the board
MISSING_READS = 2  # agreeing readings with a checker missing before warning that one was knocked off
DOUBT_READS = 4  # how many fresh readings to wait for before saying a play cannot be judged
ONE_DIE_READS = 3  # readings showing one die only before a re-roll is called (the reader may miss a die)


def dice_signature(dice: list[DieReading]) -> tuple:
    return tuple(sorted(((d.value, bool(d.flat), d.half) for d in dice), key=repr))


def roll_values(values: list[int]) -> list[int]:
    """Dice as events list them: higher first (the order GNU Backgammon writes a roll)."""
    return sorted((int(v) for v in values), reverse=True)


def low_confidence_points(obs: Observation, threshold: float = LOW_CONFIDENCE) -> set[int]:
    """Geometric points the reader was unsure of (from its per-point confidence), plus points it could not see."""
    unsure = {i + 1 for i, n in enumerate(obs.points) if n is None}
    conf = obs.extra.get("point_confidence")
    if conf is None and isinstance(obs.extra.get("confidence"), dict):
        conf = obs.extra["confidence"].get("points")
    if isinstance(conf, list) and len(conf) == 24:
        unsure |= {i + 1 for i, c in enumerate(conf) if c is not None and float(c) < threshold}
    occluded = obs.extra.get("occluded_points")
    if isinstance(occluded, list):
        unsure |= {int(p) for p in occluded if isinstance(p, int)}
    return unsure


@dataclass
class State:
    """Everything the tracker knows; JSON-able so the store can keep it and a restart resumes it."""

    phase: str = "setup"
    light_home: Optional[str] = None
    game: int = 0
    turn: Optional[str] = None  # the colour to roll (awaiting) or moving (moving)
    dice: Optional[list[int]] = None
    before: Optional[str] = None  # Position ID from the mover's side at the roll
    board: Optional[list] = None  # last accepted geometric board: [points, bar, off]
    handled: Optional[list] = None  # dice signature already acted on (new dice must differ)
    last_play: Optional[dict[str, Any]] = None  # {player, dice, before, after_board, legal}
    cube_value: int = 1
    cube_owner: Optional[str] = None
    offered_by: Optional[str] = None
    score: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    match_length: int = 0
    crawford_game: bool = False
    crawford_done: bool = False
    match_over: bool = False
    missing_warned: bool = False
    missing_seen: int = 0
    doubt: int = 0
    confirm: Optional[list] = None  # the board of an illegal call waiting for one more agreeing reading
    early_roll: Optional[list] = None
    alerts: int = 0


def _board_json(board: Board) -> list:
    return [list(board.points), list(board.bar), list(board.off)]


def _board_from_json(data: list) -> Board:
    return Board(tuple(data[0]), tuple(data[1]), tuple(data[2]))


class GameTracker:
    """Feed it accepted readings with ``feed(obs, frame, t)``; it returns the events they decide."""

    def __init__(self, match_length: int = 0, light_seat: Optional[str] = None,
                 judge: Optional[Callable[..., Any]] = None, state: Optional[State] = None) -> None:
        self.state = state or State(match_length=match_length)
        self.light_seat_hint = light_seat
        self._judge = judge
        self._frame, self._t = 0, 0.0
        self._out: list[dict[str, Any]] = []
        self.needs_reread = False  # the referee should look again (a doubtful reading)

    # ------------------------------------------------------------------------------------------- plumbing
    @property
    def seating(self) -> Optional[Seating]:
        return Seating(self.state.light_home) if self.state.light_home else None

    def snapshot(self) -> dict[str, Any]:
        return asdict(self.state)

    @classmethod
    def restore(cls, snapshot: dict[str, Any], **kwargs: Any) -> "GameTracker":
        known = set(State.__dataclass_fields__)
        return cls(state=State(**{k: v for k, v in snapshot.items() if k in known}), **kwargs)

    def judge(self, before: Position, dice: tuple[int, int], after: Position) -> Any:
        if self._judge is None:
            try:
                from rules.judge import judge
            except ImportError:  # the rules engine's judge not installed: legality from the move generator
                judge = _judge_by_results
            self._judge = judge
        return self._judge(before, dice, after)

    def _emit(self, event_type: str, **fields: Any) -> dict[str, Any]:
        event = make_event(event_type, self._frame, self._t, **fields)
        event["game"] = self.state.game
        if event_type == "reroll" or (event_type == "play" and fields.get("legal") is False) or fields.get("alert"):
            self.state.alerts += 1
            event["alert_id"] = self.state.alerts
        self._out.append(event)
        return event

    def warn(self, message: str, frame: int, t: float, **fields: Any) -> list[dict[str, Any]]:
        """A warning from outside the game logic (camera lost, unreadable frames)."""
        self._frame, self._t, self._out = frame, t, []
        self._emit("warning", message=message, **fields)
        return self._out

    # ----------------------------------------------------------------------------------------------- feed
    def feed(self, obs: Observation, frame: int, t: float) -> list[dict[str, Any]]:
        self._frame, self._t, self._out = frame, t, []
        self.needs_reread = False
        board = Board.from_observation(obs)
        snapped = self._snap(obs, board)
        if snapped is not None:
            board = snapped
        if board is None:
            if self.state.phase == "moving" and not obs.dice:
                self._on_moving(obs, None)  # the dice are lifted but the reading does not add up: look again
            return self._out
        if any(board.missing):
            # a checker nowhere to be seen. Before the game starts that means nothing; many missing is a misread
            # (or the board being set up), not a knock; one or two, confirmed by more readings, is worth an alarm
            if self.state.phase == "setup" or sum(board.missing) > MAX_KNOCKED:
                return self._out
            self.state.missing_seen += 1
            if self.state.missing_seen < MISSING_READS:
                self.needs_reread = True
            elif not self.state.missing_warned:
                self.state.missing_warned = True
                lost = " and ".join(f"{n} {c}" for c, n in zip(COLOURS, board.missing) if n)
                self._emit("warning", message=f"{lost} checker(s) not on the board: knocked off?", alert=True,
                           code="checker_missing")
            return self._out
        self.state.missing_warned, self.state.missing_seen = False, 0
        for _ in range(4):  # one reading may complete several steps (setup seen with the opening dice down)
            phase = self.state.phase
            getattr(self, f"_on_{phase}")(obs, board)
            if self.state.phase == phase:
                break
        return self._out

    # ------------------------------------------------------------------------------------ doubtful readings
    def _close_to(self, obs: Observation, cand: Board, bar_slack: int = 0, most: int = MAX_SNAP_POINTS) -> bool:
        """Whether ``obs`` may show ``cand``: every point that differs is one the reader is unsure of (at most
        a few), the bar differs by at most ``bar_slack`` checkers, and a tray it could count agrees."""
        unsure = low_confidence_points(obs)
        diff = {i + 1 for i in range(24) if obs.points[i] != cand.points[i]}
        if len(diff) > most or not diff <= unsure:
            return False
        bar = abs(int(obs.bar.get("light") or 0) - cand.bar[0]) + abs(int(obs.bar.get("dark") or 0) - cand.bar[1])
        if bar > bar_slack:
            return False
        for i, colour in enumerate(COLOURS):
            seen = obs.off.get(colour)
            sign = 1 if i == 0 else -1
            on = sum(n * sign for n in obs.points if n and n * sign > 0) + int(obs.bar.get(colour) or 0)
            if seen is not None and int(seen) + on == CHECKERS and diff:
                continue  # a tray count the reader inferred from the (doubtful) points says nothing more
            if seen is not None and int(seen) != cand.off[i]:
                return False
        return True

    def settle(self, obs: Observation) -> Observation:
        """The reading as the game state expects it, when it differs from that only where the reader is unsure.

        Applied to every read before the stabiliser compares reads: two reads of one still scene that jitter only
        on doubtful points (a tall stack read 4 then 5) then agree, so a start position or a roll is accepted.
        Only the expected board of a quiet phase is ever put in (a starting position while waiting for one, the
        standing position before a roll); a play is never snapped, so an illegal play still shows."""
        snapped = self._snap(obs, Board.from_observation(obs))
        if snapped is None:
            return obs
        off = {c: (snapped.off[i] if obs.off.get(c) is not None else None) for i, c in enumerate(COLOURS)}
        return Observation(board=obs.board, points=list(snapped.points),
                           bar={"light": snapped.bar[0], "dark": snapped.bar[1]}, off=off, dice=list(obs.dice),
                           cube=obs.cube, warnings=list(obs.warnings), image=obs.image,
                           extra={**obs.extra, "snapped": True, "read_points": list(obs.points)})

    def _snap(self, obs: Observation, board: Optional[Board]) -> Optional[Board]:
        """Outside a verdict, the game state resolves a doubtful reading: the board that is expected (a starting
        position while waiting for one; the position as it stands while nothing should change) when the reading
        differs from it only where the reader is unsure. Verdicts never snap: an illegal play must show."""
        st = self.state
        if not obs.board.found or len(obs.points) != 24:
            return None
        cands: list[tuple[Board, int]] = []
        if st.phase == "setup" and not st.match_over:
            for home in HOMES:
                seating = Seating(home)
                if not self.light_seat_hint or self.light_seat_hint in (seating.light_seat, seating.light_home):
                    cands.append((seating.board(Position.start(), "light"), 1))
        elif st.phase in ("opening", "awaiting") and st.board:
            cands.append((_board_from_json(st.board), 0))
        if board is not None and any(board.same_checkers(c) for c, _ in cands):
            return None
        most = MAX_START_DOUBT if st.phase == "setup" else MAX_SNAP_POINTS
        for cand, bar_slack in cands:
            if self._close_to(obs, cand, bar_slack, most):
                return cand
        return None

    # --------------------------------------------------------------------------------------------- phases
    def _on_setup(self, obs: Observation, board: Board) -> None:
        if self.state.match_over:
            return
        seating = Seating.from_start(board, self.light_seat_hint)
        if seating is None:
            return
        st = self.state
        st.light_home = seating.light_home
        st.game += 1
        st.phase = "opening"
        st.turn, st.dice, st.before, st.last_play, st.early_roll = None, None, None, None, None
        st.cube_value, st.cube_owner, st.offered_by = 1, None, None
        st.board = _board_json(board)
        st.handled = None
        if st.crawford_game:
            st.crawford_game, st.crawford_done = False, True
        if st.match_length and not st.crawford_done and max(st.score.values()) == st.match_length - 1:
            st.crawford_game = True
        self._emit("setup", light=seating.light_seat, home=seating.light_home.split("-")[1],
                   position_id=Position.start().position_id(), match_length=st.match_length,
                   score=dict(st.score), crawford=st.crawford_game)

    def _on_opening(self, obs: Observation, board: Board) -> None:
        st, seating = self.state, self.seating
        assert seating is not None
        st.board = _board_json(board)
        sig = dice_signature(obs.dice)
        if not obs.dice:
            st.handled = None
            self._missed_opening(obs, board)
            return
        if _as_list(sig) == st.handled or len(obs.dice) != 2:
            return
        if not is_start(board, seating):
            return  # the checkers moved: the opening was missed and play is on; its play will tell the roll
        st.handled = _as_list(sig)
        halves = [d.half for d in obs.dice]
        owners = [seating.roller_of_half(h) for h in halves]
        bad = self._reroll_reason(obs.dice, need_half=None)
        if bad is None and owners[0] == owners[1]:
            bad = "wrong_half"
        if bad is not None:
            culprit = [o for d, o in zip(obs.dice, owners) if not d.flat or o is None]
            player = culprit[0] if len(set(culprit)) == 1 else None
            self._emit("reroll", player=player, reason=bad, opening=True)
            return
        values = {o: int(d.value) for d, o in zip(obs.dice, owners)}
        light, dark = values["light"], values["dark"]
        first = None if light == dark else ("light" if light > dark else "dark")
        self._emit("opening_roll", light=light, dark=dark, first=first)
        if first is None:
            return
        st.phase, st.turn = "moving", first
        st.dice = roll_values([light, dark])
        st.before = Position.start().position_id()

    def _missed_opening(self, obs: Observation, board: Board) -> None:
        """The opening roll was not seen (a die hidden by a hand or misread) but its play is on the board with
        the dice lifted: the play tells the roll when exactly one player and one non-double roll lead to it.
        The play is then judged legal by construction, so nothing illegal can hide here; an ambiguous or
        impossible board waits (it may be a misread, or the board being rearranged)."""
        st, seating = self.state, self.seating
        assert seating is not None
        if is_start(board, seating) or any(board.missing):
            return
        from rules.moves import legal_results

        start = Position.start()
        found = []
        for mover in COLOURS:
            for high in range(2, 7):
                for low in range(1, high):
                    for result in legal_results(start, high, low):
                        seen = seating.board(result, mover)
                        if seen.same_checkers(board) or self._close_to(obs, seen):
                            found.append((mover, high, low, result, seen))
        if len(found) != 1:
            return
        mover, high, low, after, board = found[0]
        values = {mover: high, other(mover): low}
        self._emit("opening_roll", light=values["light"], dark=values["dark"], first=mover, inferred=True)
        st.dice, st.before = [high, low], start.position_id()
        legal = self._play_event(mover, st.dice, start, after)
        st.last_play = {"player": mover, "dice": [high, low], "before": st.before,
                        "after_board": _board_json(board), "legal": legal}
        st.board = _board_json(board)
        st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
        st.handled, st.doubt, st.confirm = None, 0, None

    def _reroll_reason(self, dice: list[DieReading], need_half: Optional[str]) -> Optional[str]:
        if any(d.half is None for d in dice):
            return "off_board"
        if any(not d.flat or d.value is None for d in dice):
            return "cocked"
        if need_half is not None and any(d.half != need_half for d in dice):
            return "wrong_half"
        return None

    def _on_awaiting(self, obs: Observation, board: Board) -> None:
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None
        roller = st.turn
        st.board = _board_json(board)
        if self._cube_action(obs, board):
            return
        if not obs.dice:
            st.handled, st.doubt = None, 0
            return
        sig = _as_list(dice_signature(obs.dice))
        if sig == st.handled:
            return
        if len(obs.dice) == 1 and st.handled is None:
            # a roll with only one die on the board (from no dice at all): the other left the board. A die the
            # reader missed looks the same, so the call waits for a few more readings of the still scene
            if st.doubt < ONE_DIE_READS:
                st.doubt += 1
                self.needs_reread = True
                return
            # still one die: the other may have left the board or the reader may be missing it. A re-roll
            # called on a missed die is a false alarm, so say what is seen and let the players decide
            st.doubt = 0
            st.handled = sig
            self._emit("warning", message=f"{roller} rolled but only one die is seen on the board: if the other "
                       "left the board, roll again", code="one_die", player=roller)
            return
        if len(obs.dice) != 2:
            return
        st.handled = sig
        need = seating.right_half(roller)
        reason = self._reroll_reason(obs.dice, need_half=need)
        if reason == "wrong_half" and all(d.half == seating.right_half(other(roller)) for d in obs.dice):
            self._emit("warning", message=f"{other(roller)} rolled, but it is {roller}'s turn to roll",
                       code="wrong_player", player=other(roller), alert=True)
            return
        self._settle_last_play(board, obs)
        if reason is not None:
            self._emit("reroll", player=roller, reason=reason)
            return
        dice = roll_values([int(d.value) for d in obs.dice])
        self._emit("roll", player=roller, dice=dice)
        st.phase, st.dice = "moving", dice
        st.before = seating.position(board, roller).position_id()
        st.doubt = 0

    def _settle_last_play(self, board: Board, obs: Optional[Observation] = None) -> None:
        """The opponent rolls: a last play corrected since its verdict is judged again; then it stands. A reading
        that differs from the judged board only where the reader is unsure, or that lost an opponent's checker,
        is no correction (a misread must not turn a judged play into an alarm)."""
        st, seating = self.state, self.seating
        last = st.last_play
        if not last or last.get("settled"):
            return
        last["settled"] = True
        if _board_json(board) == last["after_board"]:
            return
        judged = _board_from_json(last["after_board"])
        if obs is not None and self._close_to(obs, judged):
            return
        mover = last["player"]
        before = Position.from_position_id(last["before"])
        after = seating.position(board, mover)
        if _opponent_vanished(after, before) or after.opponent != seating.position(judged, mover).opponent:
            # a mover corrects his own checkers; the opponent's changing before his roll is a misread (or a
            # hit taken back, which goes unjudged rather than risk a false alarm)
            return
        self._play_event(mover, last["dice"], before, after, corrected=True)

    def _cube_action(self, obs: Observation, board: Board) -> bool:
        """Cube actions seen on the board.

        Double: before rolling, the player on roll turns the cube to twice its value. Take: the doubler then rolls
        with the cube at the new value on the taker's side (the game goes on). Pass: the game ends at the old
        value: a fresh starting position is set up (or the cube returns unturned).
        """
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None
        roller = st.turn
        value = None if obs.cube is None else int(obs.cube.value)
        if st.offered_by is None:
            if value is not None and value == 2 * st.cube_value and not obs.dice:
                if st.cube_owner in (None, roller) and not st.crawford_game:
                    self._settle_last_play(board, obs)
                    st.offered_by = roller
                    self._emit("cube", action="double", player=roller, value=value)
                    return True
            return False
        doubler, taker = st.offered_by, other(st.offered_by)
        if is_start(board, seating) or (value is not None and value == st.cube_value
                                        and cube_side(obs) == "middle"):
            self._emit("cube", action="pass", player=taker, value=st.cube_value)
            final = seating.position(board, doubler)
            st.offered_by = None
            self._game_end(doubler, final, kind="single", points=st.cube_value)
            return True
        if obs.dice:  # the doubler rolls: the double was taken
            self._emit("cube", action="take", player=taker, value=2 * st.cube_value)
            st.cube_value, st.cube_owner, st.offered_by = 2 * st.cube_value, taker, None
            return False  # the same reading also carries the doubler's roll
        return True

    def _on_moving(self, obs: Observation, board: Optional[Board]) -> None:
        st, seating = self.state, self.seating
        assert seating is not None and st.turn is not None and st.dice is not None
        mover = st.turn
        remaining = None
        quick = False
        if obs.dice:
            sig = _as_list(dice_signature(obs.dice))
            opp_half = seating.right_half(other(mover))
            new = [d for d in obs.dice if d.half == opp_half]
            if len(obs.dice) >= 3 and len(new) >= 2 and st.early_roll is None:
                st.early_roll = sig
                self._emit("warning", message=f"{other(mover)} rolled before {mover} lifted the dice; "
                                              f"roll again", code="early_roll", player=other(mover), alert=True)
            if not (len(obs.dice) == 2 and all(d.half == opp_half for d in obs.dice)):
                return  # the mover's dice are still down: in-between positions do not count
            # the mover's dice are gone and only the opponent's are down: the play is final. A roll made before
            # the mover lifted his dice is void (handled: it must be rolled again); otherwise it is the next roll.
            remaining = sig if st.early_roll else None
            quick = True
        before = Position.from_position_id(st.before)
        if board is not None and _opponent_vanished(seating.position(board, mover), before):
            # the opponent's checkers cannot leave or join the board in the mover's turn (a hit one goes to the
            # bar, a knocked-off one is warned about first): the reader lost or invented one, often on the bar
            board = None
        if board is None:
            board = self._unreadable_result(obs, before, mover)
            if board is None:
                return
            doubt = "unsure"
        else:
            doubt = self._doubtful(obs, board, before, mover)
        after = seating.position(board, mover)
        if doubt == "wait":
            return
        legal: Optional[bool] = None
        if doubt == "clear":
            verdict = self.judge(before, (st.dice[0], st.dice[1]), after)
            if not verdict.legal and st.confirm != _board_json(board) and not quick:
                # an illegal call needs one more agreeing reading of the same board: a misread never alarms
                st.confirm = _board_json(board)
                self.needs_reread = True
                return
            legal = self._play_event(mover, st.dice, before, after, verdict=verdict)
        st.last_play = {"player": mover, "dice": list(st.dice), "before": st.before,
                        "after_board": _board_json(board), "legal": legal}
        st.board = _board_json(board)
        st.phase, st.turn, st.dice, st.before, st.early_roll = "awaiting", other(mover), None, None, None
        st.handled = remaining
        st.doubt, st.confirm = 0, None
        if after.player_off == CHECKERS:
            self._game_end(mover, after)

    def _unreadable_result(self, obs: Observation, before: Position, mover: str) -> Optional[Board]:
        """The dice are lifted but the reading does not add up to 15 a side. Look again; if it stays so and a
        legal result differs from it only where the reader is unsure, say the play cannot be judged and go on
        from that result (the next readings correct it). Otherwise keep waiting."""
        st, seating = self.state, self.seating
        from rules.moves import legal_results

        close = [seating.board(r, mover) for r in legal_results(before, st.dice[0], st.dice[1])]
        close = [b for b in close if self._close_to(obs, b, bar_slack=1)]
        if len(close) != 1:
            return None
        if st.doubt < DOUBT_READS:
            st.doubt += 1
            self.needs_reread = True
            return None
        st.doubt = 0
        self._emit("warning", code="unsure_reading", player=mover,
                   message=f"cannot count the checkers clearly; {mover}'s play is not judged: please check the board")
        return close[0]

    def _doubtful(self, obs: Observation, board: Board, before: Position, mover: str) -> str:
        """"clear" to judge; "wait" to look again (the reading is not a legal result, but would be one if a point
        the reader is unsure of were misread); "unsure" once looking again has not helped: say so, judge nothing.
        """
        st, seating = self.state, self.seating
        unsure = low_confidence_points(obs)
        if not unsure:
            return "clear"
        from rules.moves import legal_results

        after = seating.position(board, mover)
        results = legal_results(before, st.dice[0], st.dice[1])
        if after in results:
            return "clear"
        for result in results:
            seen = seating.board(result, mover)
            diff = {i + 1 for i, (a, b) in enumerate(zip(seen.points, board.points)) if a != b}
            if seen.bar != board.bar or seen.off != board.off:
                continue
            if diff and diff <= unsure:
                if st.doubt < DOUBT_READS:
                    st.doubt += 1
                    self.needs_reread = True
                    return "wait"
                st.doubt = 0
                self._emit("warning", code="unsure_reading", player=mover,
                           message=f"cannot read points {', '.join(map(str, sorted(diff)))} clearly; "
                                   f"{mover}'s play is not judged: please check the board")
                return "unsure"
        return "clear"

    def _play_event(self, mover: str, dice: list[int], before: Position, after: Position,
                    corrected: bool = False, verdict: Any = None) -> bool:
        if verdict is None:
            verdict = self.judge(before, (dice[0], dice[1]), after)
        play = getattr(verdict, "play", None)
        notation = play.notation() if hasattr(play, "notation") else play
        closest = [c.notation() if hasattr(c, "notation") else c for c in (getattr(verdict, "closest", None) or [])]
        fields: dict[str, Any] = dict(player=mover, dice=list(dice), before=before.position_id(),
                                      after=after.position_id(), play=notation, legal=bool(verdict.legal),
                                      reason=None if verdict.legal else getattr(verdict, "reason", None),
                                      closest=[] if verdict.legal else closest)
        code = getattr(verdict, "code", None)
        if code is not None:
            fields["code"] = code
        if corrected:
            fields["corrected"] = True
        self._emit("play", **fields)
        return bool(verdict.legal)

    def _game_end(self, winner: str, final: Position, kind: Optional[str] = None,
                  points: Optional[int] = None) -> None:
        from rules.scoring import game_result

        st = self.state
        if kind is None or points is None:
            cube = st.cube_value
            jacoby = False  # money play without Jacoby unless configured: gammons count
            result = game_result(final, cube=cube, count_gammons=not jacoby)
            kind, points = result.kind, result.points
        st.score[winner] = st.score.get(winner, 0) + int(points)
        if st.match_length and st.score[winner] >= st.match_length:
            st.match_over = True
        self._emit("game_end", winner=winner, kind=kind, points=int(points), score=dict(st.score),
                   match_over=st.match_over)
        st.phase, st.turn, st.dice, st.before, st.offered_by = "setup", None, None, None, None
        st.last_play = None

    # ------------------------------------------------------------------------------- corrections from outside
    def correct_position(self, position_id: str, by: str, frame: int, t: float) -> list[dict[str, Any]]:
        """A director says the board is ``position_id`` (from the side on roll): it becomes the truth."""
        self._frame, self._t, self._out = frame, t, []
        st = self.state
        position = Position.from_position_id(position_id)
        player = st.turn or "light"
        if st.phase == "moving":
            st.before = position.position_id()
        if self.seating is not None:
            st.board = _board_json(self.seating.board(position, player))
        if st.last_play:
            st.last_play["settled"] = True
        self._emit("correction", position_id=position.position_id(), by=by, player=player)
        return self._out


def _opponent_vanished(after: Position, before: Position) -> bool:
    """Whether the reading shows another number of the opponent's checkers on the board and bar than before the
    play: impossible in the mover's turn, so the reader lost or invented one (or an earlier reading was wrong)."""
    return sum(after.opponent) != sum(before.opponent)


def _as_list(sig: tuple) -> list:
    return [list(x) for x in sig]


@dataclass
class _Verdict:
    legal: bool
    play: Any
    reason: Optional[str]
    closest: list
    code: Optional[str] = None


def _judge_by_results(before: Position, dice: tuple[int, int], after: Position) -> _Verdict:
    """Legal iff ``after`` is one of the legal results (used only when rules.judge is unavailable)."""
    from rules.moves import legal_results

    results = legal_results(before, dice[0], dice[1])
    if after in results:
        return _Verdict(True, results[after], None, [])
    return _Verdict(False, None, "not a legal result of this roll", [p.notation() for p in results.values()][:3],
                    "illegal")
