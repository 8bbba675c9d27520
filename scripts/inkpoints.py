"""drawc's compact points syntax for ink, shared by the scripts that write strokes.

The syntax (docs/language.md, "Compact points"): points separated by spaces, each two
(x, y) or three (x, y, pressure) numbers joined by commas; the first point absolute, every
later one the difference from the one before. The scripts write coordinates in hundredths
of a point and pressure in thousandths, as ink stores do, and sum differences in exact
integer units (1/10000) so that a long stroke does not drift.

Imported by make-ink-corpus.py, sketch-to-ink.py, make-signature.py and
signature-from-recording.py (each puts this folder on sys.path first).
"""

# Decimals drawc's decoder sums in: units of 1/10000.
UNITS = 10000


def encode(points):
    """A points string for `points`, each (x, y) or (x, y, pressure); coordinates are
    rounded to 1/100, pressure to 1/1000."""
    out, previous = [], None
    for p in points:
        units = [round(p[0] * 100) * 100, round(p[1] * 100) * 100]
        if len(p) > 2:
            units.append(round(p[2] * 1000) * 10)
        values = units if previous is None else [u - v for u, v in zip(units, previous)]
        out.append(",".join(format_units(v) for v in values))
        previous = units
    return " ".join(out)


def format_units(units):
    """An integer count of 1/10000 as the shortest decimal: 12500 -> 1.25, -300 -> -0.03."""
    sign = "-" if units < 0 else ""
    whole, fraction = divmod(abs(units), UNITS)
    return sign + str(whole) + ("." + ("%04d" % fraction).rstrip("0") if fraction else "")
