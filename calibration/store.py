"""Load a saved board calibration (the name `vision.reader` looks for): see :mod:`calibration.calibfile`."""

from calibration.calibfile import Calibration, load

__all__ = ["Calibration", "load"]
