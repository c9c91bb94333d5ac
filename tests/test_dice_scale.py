"""The learnt die edge: its scales once two confident faces agree, the guess's again when the view goes quiet."""

from __future__ import annotations

from vision.dice import find_dice
from vision.dice_scale import READ_AT, RECHECK_EVERY, DieScale, ScaleMemory

GUESS = [20.0, 26.0]


def test_edge_needs_two_agreeing_faces():
    view = DieScale()
    assert view.scales(GUESS) == GUESS
    view.learn([30.0])
    assert view.scales(GUESS) == GUESS  # one face alone is not trusted
    view.learn([45.0])
    assert view.edge() is None  # the first two disagree: wait for a partner
    view.learn([44.0])
    assert view.edge() is not None and abs(view.edge() - 44.5) < 1e-9
    assert view.scales(GUESS) == [share * 44.5 for share in READ_AT]


def test_odd_face_does_not_move_a_settled_edge_and_idle_view_rechecks():
    view = DieScale()
    view.learn([30.0, 31.0])
    view.learn([80.0])
    assert abs(view.edge() - 30.5) < 1e-9
    learnt = [share * 30.5 for share in READ_AT]
    for _ in range(RECHECK_EVERY):
        assert view.scales(GUESS) == learnt
        view.learn([])
    assert view.scales(GUESS) == GUESS  # quiet for a while: the guess's scales again, a wrong edge can heal
    view.learn([])
    assert view.scales(GUESS) == learnt  # ...but only now and then (dice lifted for long: mostly the learnt edge)
    view.learn([30.0])
    assert view.scales(GUESS) == [share * view.edge() for share in READ_AT] and view.idle == 0


def test_find_dice_learns_the_edge_of_a_drawn_die_per_view():
    from tests.test_dice import draw_die

    img = draw_die(5, edge=44, angle=10)
    memory = ScaleMemory()
    first = find_dice(img, die_size_px=30.0, memory=memory)
    again = find_dice(img, die_size_px=30.0, memory=memory)
    view = memory.view((img.shape, None, 30.0))
    assert [d.value for d in first] == [d.value for d in again] == [5]
    assert view.edge() is not None and 0.7 * 44 <= view.edge() <= 1.4 * 44
    steady = find_dice(img, die_size_px=30.0, memory=memory)
    assert [d.value for d in steady] == [5]
    other = memory.view((img.shape, None, 31.0))
    assert other.edge() is None  # another guess is another view
