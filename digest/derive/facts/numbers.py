"""Number patterns shared by the extractors that read figures."""

from __future__ import annotations

NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
# A number that starts a token: not the "100" of "A100", the "5" of "2.5" or the "024" of
# "1,024". Written digit-first, then looking back, so the regex engine only tries at digits.
NUMBER_START = r"\d(?<![\w.,]\d)"
FRESH_NUMBER = rf"{NUMBER_START}\d*(?:,\d{{3}})*(?:\.\d+)?"
