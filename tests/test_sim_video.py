"""Game videos from the simulated camera: the expected referee events agree with the rules engine and with what
the frames show, the folder layout is the one the daemon reads, and SimSource streams lazily."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from device.sim.game import run_game
from device.sim.labels import make_label
from device.sim.source import SimSource
from device.sim.video import film_game, write_game
from rules.judge import judge
from rules.moves import legal_results
from rules.position import Position


def _story(seed, plays, scripted, illegal=0.2, incidents=0.3):
    video = film_game(seed, plays=plays, illegal_rate=illegal, incident_rate=incidents, size=(320, 180),
                      scripted=scripted)
    states = list(run_game(video.director, video.options))
    return video, states, video.director.events


@pytest.fixture(scope="module", params=[(1, 6, True), (2, 12, False), (5, 12, False)])
def story(request):
    return _story(*request.param)


def test_plays_chain_and_agree_with_the_judge(story):
    video, states, events = story
    plays = [e for e in events if e["type"] == "play"]
    assert plays
    for a, b in zip(plays, plays[1:]):
        # the next mover starts from the previous result, seen from the other side
        assert Position.from_position_id(a["after"]).swap().position_id() == b["before"]
        assert a["player"] != b["player"]
    for e in plays:
        before, after = Position.from_position_id(e["before"]), Position.from_position_id(e["after"])
        verdict = judge(before, tuple(e["dice"]), after)
        assert verdict.legal == e["legal"]
        assert (after in legal_results(before, *e["dice"])) == e["legal"]


def test_events_are_decided_on_still_frames_that_show_them(story):
    video, states, events = story
    assert events[0]["type"] == "setup" and events[0]["frame"] == 0
    frames = [e["frame"] for e in events]
    assert frames == sorted(frames)
    for e in events:
        f = e["frame"]
        assert f + 3 < len(states), e
        window = states[f:f + 4]
        assert all(not s.hands and not s.moving for s in window), e  # still for 4 frames: two agreeing reads
        assert all(s.world_points == window[0].world_points and len(s.dice) == len(window[0].dice)
                   for s in window), e
        s = states[f]
        if e["type"] in ("roll", "opening_roll"):
            assert sorted(d.value for d in s.dice) == sorted(
                e["dice"] if e["type"] == "roll" else [e["light"], e["dark"]])
            assert all(not d.cocked for d in s.dice)
        if e["type"] == "reroll":
            g = video.scene.geometry
            if e["reason"] == "cocked":
                assert any(d.cocked for d in s.dice)
            elif e["reason"] == "off_board":
                assert any(abs(d.x) > g.field_x for d in s.dice)
            else:
                assert len({d.x > 0 for d in s.dice}) == 2  # one die on each half
        if e["type"] == "play":
            assert not s.dice  # judged once the dice are lifted
            assert _board_of(video, s, e["player"]) == Position.from_position_id(e["after"])
        _check_label(video, s, e)


def _check_label(video, state, e):
    """What a perfect reader sees at the event's frame (the label) says the same as the event."""
    label = make_label(video.frame_scene(state), video.stage.camera, None)
    light_seat = video.info()["light_seat"]
    dice = label["dice"]

    def right_half(player):  # the bottom player's right hand is the image's right
        seat = light_seat if player == "light" else ("top" if light_seat == "bottom" else "bottom")
        return "right" if seat == "bottom" else "left"

    if e["type"] == "roll":
        assert len(dice) == 2 and all(d["flat"] and d.get("half") == right_half(e["player"]) for d in dice), e
    elif e["type"] == "opening_roll":
        halves = {d.get("half"): d["value"] for d in dice}
        assert halves == {right_half("light"): e["light"], right_half("dark"): e["dark"]} or e["first"] is None
    elif e["type"] == "reroll":
        assert len(dice) == 2, e
        if e["reason"] == "cocked":
            assert any(not d["flat"] for d in dice) and all("half" in d for d in dice), e
        elif e["reason"] == "off_board":
            assert any("half" not in d for d in dice), e
        else:
            assert {d.get("half") for d in dice} == {"left", "right"}, e
    elif e["type"] == "play":
        assert dice == []


def _board_of(video, state, mover):
    """The position a frame shows, read back through the world-point mapping."""
    d = video.director
    mine, theirs = [0] * 25, [0] * 25
    for colour, side in ((mover, mine), ("dark" if mover == "light" else "light", theirs)):
        sign = 1 if colour == "light" else -1
        for p in range(1, 25):
            n = state.world_points[d.world(colour, p) - 1] * sign
            side[p - 1] = max(0, n)
        side[24] = state.bar[colour]
    return Position(tuple(mine), tuple(theirs))


def test_still_frames_show_all_thirty_checkers_unless_one_was_knocked_off(story):
    video, states, events = story
    knocked = any(e["type"] == "warning" for e in events)
    for s in states:
        if s.hands:
            continue
        light = sum(n for n in s.world_points if n > 0) + s.bar["light"] + s.off["light"]
        dark = -sum(n for n in s.world_points if n < 0) + s.bar["dark"] + s.off["dark"]
        assert light + dark + len(s.loose) == 30
        if s.loose:
            assert knocked


def test_scripted_game_has_every_incident():
    from device.sim.samples import GAME_PLAYS, GAME_SEED

    video, states, events = _story(GAME_SEED, GAME_PLAYS, True)
    kinds = {(e["type"], e.get("reason") or e.get("action") or e.get("code")) for e in events}
    for want in [("reroll", "cocked"), ("reroll", "wrong_half"), ("reroll", "off_board"), ("cube", "double"),
                 ("cube", "take"), ("warning", "checker_missing")]:
        assert want in kinds
    assert any(e["type"] == "play" and not e["legal"] for e in events)
    assert any(e["type"] == "play" and e["play"] and "*" in e["play"] for e in events)  # a hit
    assert any(e["type"] == "play" and e["play"] and e["play"].startswith("bar/") for e in events)


def test_written_video_folder_layout(tmp_path):
    n = write_game(tmp_path / "g", seed=4, plays=1, size=(320, 180), quality=70)
    folder = tmp_path / "g"
    frames = sorted((folder / "frames").iterdir())
    assert len(frames) == n and frames[0].name == "000000.jpg" and frames[-1].name == f"{n - 1:06d}.jpg"
    info = json.loads((folder / "video.json").read_text())
    assert info["fps"] == 10 and (info["width"], info["height"]) == (320, 180) and info["seed"] == 4
    assert info["light_seat"] in ("bottom", "top")
    labels = [json.loads(x) for x in (folder / "labels.jsonl").read_text().splitlines()]
    assert [lab["frame"] for lab in labels] == list(range(n))
    events = [json.loads(x) for x in (folder / "events.jsonl").read_text().splitlines()]
    assert [e["type"] for e in events][:2] == ["setup", "opening_roll"]
    assert events[0]["light"] == info["light_seat"]
    for e in events:
        assert e["t"] == pytest.approx(e["frame"] / 10)
        lab = labels[e["frame"]]
        assert not lab["hands"] and not lab["moving"]
    # the folder plays back through SimSource, with labels on request
    items = list(itertools.islice(SimSource(str(folder), labels=True), 3))
    assert [i for i, *_ in items] == [0, 1, 2] and items[0][1].shape == (180, 320, 3) and items[0][2]["frame"] == 0


def test_simsource_films_lazily():
    src = SimSource("seed=5,plays=400,size=320x180")
    it = iter(src)
    first = [next(it) for _ in range(3)]  # a 400-play game: only these three frames are rendered
    assert [i for i, _ in first] == [0, 1, 2]
    assert isinstance(first[0][1], np.ndarray) and first[0][1].shape == (180, 320, 3)
    assert src.events and src.events[0]["type"] == "setup"
