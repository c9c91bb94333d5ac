"""Errors raised by the rules engine for input that cannot describe a backgammon game."""


class RulesError(ValueError):
    """Bad input to the rules engine: the message names what is wrong and where."""


class InvalidPosition(RulesError):
    """A position that cannot occur: wrong checker count, both colours on a point, ..."""


class InvalidPositionID(RulesError):
    """A GNU Backgammon Position ID (or Match ID, XGID) that does not decode."""


class InvalidRoll(RulesError):
    """Dice outside 1-6."""
