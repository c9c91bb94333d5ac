"""The referee daemon's line of stages: capture -> motion gate -> read -> stabilise -> track -> store -> publish.

Each stage is replaceable: any :class:`device.sources.Source`, any reader (the vision reader, or the labels of a
rendered video for ``--oracle``), any publishers (JSON Lines, alerts, the web page). Events are written to the
store before any publisher sees them, so an announced play is never lost.
"""

from __future__ import annotations

import copy
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Protocol

from device.errors import DeviceError
from device.sources import Frame, Source
from device.stability import Stabiliser
from device.store import Store
from device.tracker import GameTracker
from vision.observation import Observation

log = logging.getLogger(__name__)

BOARD_LOST_READS = 10  # reads without a board before warning
WARNING_REPEAT_FRAMES = 100  # the same warning is not repeated more often than this
START_NEAR_S = 2.0  # seconds a still reading one to a few points off the start stands before that is said
START_WAIT_S = 20.0  # seconds without the starting position before the referee says what it sees instead
START_WAIT_EVERY_S = 60.0  # ... and again at most this often while it still waits
DICE_UNSEEN_MOVES = 3  # accepted board changes in a row with no die read anywhere before warning (once a run)
MOVED_POINTS = 2  # points that must differ between two accepted readings to count as checkers moved


class Publisher(Protocol):
    def publish(self, event: dict[str, Any]) -> None: ...

    def frame(self, image_bgr: Any, observation: Any) -> None: ...


def vision_reader(calibration: Any = None, intrinsics: Any = None) -> Callable[[Frame], Observation]:
    """The real reader: vision.reader.Reader (imported here so oracle runs need no vision stack); ``intrinsics``:
    the camera's lens when known (a board found in the undistorted view has its corners on the frame)."""
    try:
        from vision.reader import Reader
    except ImportError as exc:
        raise DeviceError(f"the vision reader is not available ({exc}); try --oracle on a rendered video") from None
    # the outline's sure doubt does not cap the points here: the referee acts only once the starting position has
    # read on them (see Reader's cap_doubted_outline)
    reader = Reader(calibration=calibration, intrinsics=intrinsics, cap_doubted_outline=False)

    def read(frame: Frame) -> Observation:
        return reader.read(frame.image)

    read.reader = reader  # type: ignore[attr-defined]  # the referee locks its geometry once the game is set up
    return read


def oracle_reader(frame: Frame) -> Observation:
    """A perfect reader for rendered videos: the frame's label is its observation."""
    if frame.label is None:
        raise DeviceError(f"frame {frame.index}: no label to read (--oracle needs labels.jsonl)")
    return Observation.from_dict(frame.label)


@dataclass
class DiceWatch:
    """Notices when the camera cannot see the dice at all: the checkers keep moving (turns are played) but no die
    is read in any accepted reading. Why: dice too small in the picture (camera too far, resolution too low,
    small dice) make every roll unread; the referee then judges plays from the checkers alone and checks no
    roll, and the user must be told once, with what to do, not in every frame (held-out held404: dice ~8 px).

    Board changes alone are no proof: between two turns whose rolls were read, a cube turned and taken or a
    point read differently from one reading to the next changes the board with no die on it (games 15434, 24434
    and 41535: the warning told players whose every roll was read to move the camera). So a turn must also have
    gone by with its roll unread (the tracker told it from the play, ``inferred``, or said it was not read,
    ``roll_unread``) since a die was last seen."""

    moves: int = 0  # accepted board changes since a die was last read
    unread_rolls: int = 0  # rolls the tracker said went unread since a die was last read
    warned: bool = False
    _last: Optional[tuple] = None

    def heard(self, events: Iterable[dict[str, Any]]) -> None:
        """The tracker's events for the reading just stepped: count the rolls it could not read."""
        for e in events:
            if (e.get("type") in ("roll", "opening_roll") and e.get("inferred")) or e.get("roll_unread"):
                self.unread_rolls += 1

    def step(self, obs: Observation, playing: bool = True) -> bool:
        """Count one accepted reading; True exactly once, when the dice have gone unseen long enough.
        ``playing``: a game is under way (before its start is seen, checkers move to set the board up)."""
        checkers = (tuple(obs.points), tuple(sorted(obs.bar.items())))
        if obs.dice or not playing:
            self.moves = self.unread_rolls = 0
        elif self._last is not None and len(obs.points) == 24 and len(self._last[0]) == 24 and sum(
                a != b for a, b in zip(obs.points, self._last[0])) >= MOVED_POINTS:
            self.moves += 1
        self._last = checkers
        if self.moves >= DICE_UNSEEN_MOVES and self.unread_rolls and not self.warned:
            self.warned = True
            return True
        return False

    @staticmethod
    def message(obs: Observation) -> str:
        from vision.dice import MIN_DIE_PX  # here, not at the top: an oracle run need not load the die reader

        smallest = f"{MIN_DIE_PX:g}"
        span = ""
        corners = obs.board.corners
        if corners and len(corners) == 4:
            width = max(float(c[0]) for c in corners) - min(float(c[0]) for c in corners)
            span = f" (the board spans {width:.0f} px of the picture)"
        return (f"the checkers are moving but no die has been read for {DICE_UNSEEN_MOVES} moves: the dice may be "
                f"too small in the picture{span}. Move the camera closer, raise its resolution (1280x720 or more) "
                f"or use larger dice, so a die is at least {smallest} px across; until then plays are judged from "
                "the checkers alone and no roll is checked")


class Referee:
    """Runs one source through the stages; thread-safe ``stop``, ``correct_position`` and ``dismiss_alert``."""

    def __init__(self, source: Source, read: Callable[[Frame], Observation], tracker: Optional[GameTracker] = None,
                 *, store: Optional[Store] = None, match_id: Optional[int] = None,
                 publishers: Iterable[Publisher] = (), agree: int = 2, still_frames: int = 1) -> None:
        self.source = source
        self.read = read
        self.tracker = tracker or GameTracker()
        self.store = store
        self.match_id = match_id
        self.publishers: list[Publisher] = list(publishers)
        self.stabiliser = Stabiliser(self._read_frame, agree=agree, still_frames=still_frames)
        self._lock = threading.RLock()
        self._frame_index, self._t = 0, 0.0
        self._last_warning: dict[str, int] = {}
        self._no_board = 0
        self._unreadable = 0
        self.frames_seen = 0
        self.events: list[dict[str, Any]] = []
        self.keep_events = False
        self._last_obs: Optional[Observation] = None
        self._accepted: Optional[Observation] = None  # the last accepted reading
        # waiting for the start: [t it began, t it was last said, t the near miss now read began, its points]
        self._start_wait: Optional[list[Any]] = None
        self.dice_watch = DiceWatch()
        self.die_size_said = False  # the warning that the dice are too small in the picture (_check_die_size)

    # ----------------------------------------------------------------------------------------------- stages
    def _read_frame(self, frame: Frame) -> Observation:
        from calibration.errors import CalibrationError

        try:
            obs = self.read(frame)
        except DeviceError:
            raise  # a setup fault (no labels for --oracle): the user must hear of it
        except Exception as exc:  # an unreadable frame (VisionError) or a reader fault: skip it, never crash
            self._unreadable += 1
            if isinstance(exc, CalibrationError):
                log.debug("frame %d unreadable: %s", frame.index, exc)
            else:
                log.warning("frame %d: the reader failed (%s: %s); frame skipped", frame.index,
                            type(exc).__name__, exc)
            from vision.observation import BoardInfo

            obs = Observation(board=BoardInfo(found=False), warnings=[str(exc)])
        if not obs.board.found:
            self._no_board += 1
            if self._no_board == BOARD_LOST_READS:
                self._warn("board not found: is it in view and lit? (re-finding it)", frame, code="board_lost")
        else:
            if self._no_board >= BOARD_LOST_READS:
                self._warn("board found again", frame, code="board_back")
            self._no_board = 0
        if obs.board.found:
            try:
                obs = self.tracker.settle(obs)
            except Exception as exc:  # a tracker fault must never stop the daemon: the reading is taken as read
                log.warning("frame %d: settling the reading failed (%s: %s); taken as read", frame.index,
                            type(exc).__name__, exc)
        self._last_obs = obs
        return obs

    def _lock_board(self) -> None:
        """The start position was just seen clearly: read the rest of the game with the board found in that view
        (an uncalibrated reader only; a saved calibration already fixes the board)."""
        reader = getattr(self.read, "reader", None)
        if reader is None or getattr(reader, "calibrated", True):
            return
        if reader.lock():
            log.info("board locked from the starting position (corners %s)",
                     [[round(float(v)) for v in c] for c in reader.geometry.corners])

    def _check_die_size(self, frame: Frame) -> None:
        """Once the board is known, say at the start (once a run) when a die will show under the die reader's
        MIN_DIE_PX in this view: its pips are then a pixel or two, and it is missed or misread (judging game 59535,
        dice of 10 px at 960x540: a 6 read 4 in every look, and most rolls never read). ``DiceWatch`` says the
        like only after three moves with no die read; a misread die gives no such sign, and players set up before
        they roll, when moving the camera is still easy."""
        reader = getattr(self.read, "reader", None)
        geometry = getattr(reader, "geometry", None)
        if geometry is None or self.die_size_said:
            return
        from vision.dice import MIN_DIE_PX  # (as in DiceWatch.message: an oracle run need not load the die reader)
        from vision.reader import die_edge_px

        try:
            die = die_edge_px(geometry)
        except (TypeError, ValueError, ArithmeticError):
            return
        if not die < MIN_DIE_PX:
            return
        self.die_size_said = True
        self._warn(f"a die will be about {die:.1f} px across in this picture, under the {MIN_DIE_PX:g} px the dice "
                   "reader needs: rolls may be missed or misread. Move the camera closer, raise its resolution "
                   "or use larger dice", frame, code="dice_small")

    def _release_held(self, frame: Frame) -> None:
        """A still scene read as the accepted one after a hand came and went: the dice of a play the tracker told
        from the board (their roll never read) were lifted, so that play is final and is said now (see
        GameTracker._hold_told)."""
        release = getattr(self.tracker, "release_held", None)
        if not self.stabiliser.same_after_motion or not callable(release):
            return
        events = release(frame.index, frame.t)
        if events:
            self.dice_watch.heard(events)
            self._deliver(events)

    def _same_after_motion(self) -> None:
        """A hand came and went while a roll was awaited, and the board reads as before with no die on it: the dice
        were most likely thrown and missed in the first still frame (a one-pip face of a small die read in one
        frame and not the next under JPEG noise), and the frames after it look the same, so the reader would only
        repeat that reading. Read the next frame afresh, once. Why: game 35434's 1-1 at frame 40 was never read while
        it lay (five still frames), and was told only by the play, 28 frames late. Cheap: a hand over the board
        that changes nothing while a roll is awaited is rare, and each such scene gets one more read."""
        if not self.stabiliser.same_after_motion:
            return
        state = getattr(self.tracker, "state", None)
        if getattr(state, "phase", None) not in ("awaiting", "opening"):
            return
        self.stabiliser.look_once_more()
        self._fresh_look(keep_dice_scale=True)

    def _fresh_look(self, keep_dice_scale: bool = False) -> None:
        """The tracker asked to look again: the next read must be a new reading of the picture, not the reader's
        answer for the last one (vision.reader.Reader answers a frame that looks unchanged with its last
        observation, so a die read cocked while it still rocked would be read cocked again however often).
        ``keep_dice_scale``: a look at dice lying as they lay (a re-roll or a roll read once) keeps the die size
        the reader learnt: forgetting it left the demo's next roll (frame 119) with a face unread."""
        reader = getattr(self.read, "reader", None)
        forget = getattr(reader, "forget", None)
        if callable(forget):
            memory = getattr(reader, "dice_memory", None) if keep_dice_scale else None
            kept = copy.deepcopy(memory) if memory is not None else None
            forget()
            if kept is not None:
                reader.dice_memory = kept

    def _warn(self, message: str, frame: Frame, **fields: Any) -> None:
        key = fields.get("code") or message
        last = self._last_warning.get(key)
        if last is not None and frame.index - last < WARNING_REPEAT_FRAMES:
            return
        self._last_warning[key] = frame.index
        self._deliver(self.tracker.warn(message, frame.index, frame.t, **fields))

    def process(self, frame: Frame) -> None:
        """Take one frame through every stage."""
        with self._lock:
            self.frames_seen += 1
            self._frame_index, self._t = frame.index, frame.t
            if frame.warning:
                code = frame.warning_code
                self._warn(frame.warning, frame, **({"code": code} if code else {}))
            if frame.image is None and frame.label is None:
                return
            accepted = self.stabiliser.step(frame)
            if frame.image is not None:
                for pub in self.publishers:
                    try:
                        pub.frame(frame.image, self._last_obs)
                    except Exception:
                        log.exception("publisher %r failed on a frame", pub)
            if accepted is not None:
                self._accepted = accepted.observation
            self._say_start_wait(frame)
            if accepted is None:
                self._release_held(frame)
                self._same_after_motion()
                return
            state = getattr(self.tracker, "state", None)
            if self.dice_watch.step(accepted.observation, playing=getattr(state, "phase", None) != "setup"):
                self._warn(DiceWatch.message(accepted.observation), frame, code="dice_unseen")
            try:
                events = self.tracker.feed(accepted.observation, accepted.frame, accepted.t)
            except Exception as exc:  # GameTracker.feed never raises; another tracker might: the daemon goes on
                log.warning("frame %d: the game tracker failed (%s: %s); reading dropped", accepted.frame,
                            type(exc).__name__, exc)
                events = self.tracker.warn(f"the referee failed on this reading ({type(exc).__name__}); it goes "
                                           "on: please check the board", accepted.frame, accepted.t,
                                           code="referee_fault")
            self.dice_watch.heard(events)
            started = any(e.get("type") == "setup" for e in events)
            if started:
                self._lock_board()
            state = getattr(self.tracker, "state", None)
            # the roll being played: its dice, missed in a later read while the picture where they lay is
            # unchanged, are still down (device.dice_hold)
            self.stabiliser.hold_spots = (getattr(state, "roll_at", None)
                                          if getattr(state, "phase", None) == "moving" else None)
            if self.tracker.needs_reread:
                dice_look = getattr(self.tracker, "needs_dice_look", False)
                self.stabiliser.unsettle(dice=dice_look)
                self._fresh_look(keep_dice_scale=bool(dice_look))
            self._deliver(events)
            if started:
                self._check_die_size(frame)

    def _say_start_wait(self, frame: Frame) -> None:
        """Waiting for the starting position: a still reading a few points off the start, standing START_NEAR_S,
        is said at once with the points that differ (the players have set up and wait for the referee: they should
        hear why it does not start before they roll); any other reading after START_WAIT_S. Again at most every
        START_WAIT_EVERY_S (players who go on playing meanwhile hear it once a minute, not at every play). Timed
        on the frames, as a still scene brings no new accepted reading. See GameTracker.start_wait_message."""
        state = getattr(self.tracker, "state", None)
        say = getattr(self.tracker, "start_wait_message", None)
        if getattr(state, "phase", None) != "setup" or getattr(state, "match_over", False) or not callable(say):
            self._start_wait = None
            return
        if self._start_wait is None:
            self._start_wait = [frame.t, -START_WAIT_EVERY_S, None, None]
        since, last, near_since, near = self._start_wait
        told = say(self._accepted, frame.t - since) if self._accepted is not None else None
        if told is None:
            return
        message, differ = told
        if differ != near:
            near_since, near = frame.t, differ
        self._start_wait[2:4] = [near_since, near]
        if differ:
            due = frame.t - near_since >= START_NEAR_S and frame.t - last >= START_WAIT_EVERY_S
        else:
            due = frame.t - since >= START_WAIT_S and frame.t - last >= START_WAIT_EVERY_S
        if not due:
            return
        self._start_wait[1] = frame.t
        self._deliver(self.tracker.warn(message, frame.index, frame.t, code="no_start", differ=differ))

    def _deliver(self, events: list[dict[str, Any]]) -> None:
        """Store first (durably), then announce."""
        if not events:
            return
        if self.store is not None and self.match_id is not None:
            self.store.record(self.match_id, events, self.tracker.snapshot(), game=self.tracker.state.game)
            if self.tracker.state.match_over:
                self.store.finish_match(self.match_id)
        if self.keep_events:
            self.events.extend(events)
        self._announce(events)

    def _announce(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            for pub in self.publishers:
                try:
                    pub.publish(event)
                except Exception:
                    log.exception("publisher %r failed on %s", pub, event.get("type"))
        if self.store is not None and self.match_id is not None:
            self.store.mark_announced(self.match_id)

    def announce_unannounced(self) -> int:
        """After a restart: announce what the last run stored but was killed before announcing (an illegal-play
        alert must still sound). Returns how many events that was."""
        if self.store is None or self.match_id is None:
            return 0
        events = [dict(e, replayed=True) for e in self.store.unannounced(self.match_id)]
        self._announce(events)
        return len(events)

    def run(self) -> int:
        """Until the source ends or ``stop()``; returns the number of frames processed."""
        try:
            for frame in self.source:
                self.process(frame)
            self.end_of_source()
        finally:
            self.source.close()
        return self.frames_seen

    def end_of_source(self) -> None:
        """The recording ended: a told play still held for the dice's lift is said at the last frame (it is final
        as far as anyone will see)."""
        release = getattr(self.tracker, "release_held", None)
        if not callable(release):
            return
        with self._lock:
            events = release(self._frame_index, self._t)
            self._deliver(events)

    def stop(self) -> None:
        """Clean stop (SIGTERM): the source ends after the current frame; a write waiting for a failing disk
        gives up (its events are logged as JSON) instead of holding the stop until the disk is back."""
        self.source.close()
        if self.store is not None:
            self.store.give_up()

    # ----------------------------------------------------------------------------------- from the web page
    def correct_position(self, position_id: str, by: str = "director") -> dict[str, Any]:
        """A director sets the board (Position ID from the side on roll); stored and announced as "correction"."""
        with self._lock:
            events = self.tracker.correct_position(position_id, by, self._frame_index, self._t)
            self.stabiliser.unsettle(fresh=True)
            self._deliver(events)
            return events[-1]

    def dismiss_alert(self, alert_id: Any, by: str = "director") -> dict[str, Any]:
        """A director dismisses an alert (an illegal-play call they overrule); stored for the record."""
        with self._lock:
            event = {"frame": self._frame_index, "t": round(self._t, 3), "type": "dismiss", "alert_id": alert_id,
                     "by": by, "game": self.tracker.state.game}
            if self.store is not None and self.match_id is not None:
                self.store.record(self.match_id, [event], self.tracker.snapshot(), game=self.tracker.state.game)
            return event
