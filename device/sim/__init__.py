"""The simulated camera: labelled renders of real-looking backgammon boards, game videos with the events a
perfect referee would emit, and :class:`SimSource`, the daemon's ``sim:`` camera.

Main entry points: :func:`device.sim.stills.render_still` (one labelled still per seed),
:func:`device.sim.video.write_game` (a game video folder), :class:`device.sim.source.SimSource`.
"""
