"""Text as the value of a BibTeX field: what LaTeX the text holds is kept, nothing can break out.

Record text comes from arXiv and Hugging Face and is LaTeX-flavoured already (M\\'elange,
$O(N^2)$, \\textbf{X}), so it is not encoded again. Outside math, the characters LaTeX reads as
commands (& % # _ ~ ^) are escaped, and inside it those that are never math (% # &); a lone $ is
escaped; and braces are balanced (an unmatched one is dropped) counting escaped and plain braces
each on their own, so that the value is whole for BibTeX, which counts every brace, and for
parsers that skip escaped ones: no title can close its field or its entry early, whatever it holds.

LaTeX runs what a field holds, so a command is kept only when it typesets text: accents, font
changes, Greek letters and math symbols, from a fixed list. Any other (\\input{/etc/passwd},
\\end{document}, \\def, \\write18, \\csname) loses its backslash and is printed as the word it is,
and `^^`, TeX's way to write any character (^^5c is a backslash), is broken up.
"""

from __future__ import annotations

import re

from .printable import one_line

_TOKEN = re.compile(r"\\([A-Za-z]+|.)|([&%#_~^$])", re.DOTALL)  # a command, or a character LaTeX reads
_SPECIALS = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\^{}"}
_MATH_SPECIALS = {"&": r"\&", "%": r"\%", "#": r"\#"}  # never math (_ ^ ~ are)
# Commands that only typeset: accents and letters, font changes, and (in $math$) symbols.
TEXT_COMMANDS = frozenset(
    """
    c u v H d b t r k i j o O l L ss ae AE oe OE aa AA
    textbf textit emph texttt textsc textrm textsf textsl textup textmd textnormal textsuperscript
    textsubscript underline mbox LaTeX TeX ldots dots textasciitilde textasciicircum textbackslash
    textendash textemdash textquotedblleft textquotedblright textquoteleft textquoteright textbar
""".split()
)
MATH_COMMANDS = TEXT_COMMANDS | frozenset(
    """
    alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi
    varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi
    Pi Sigma Upsilon Phi Psi Omega times cdot cdots ddots vdots sqrt frac dfrac tfrac log ln exp sin
    cos tan min max arg sum prod int le ge leq geq neq ne approx sim simeq cong ll gg infty pm mp to
    rightarrow leftarrow leftrightarrow Rightarrow Leftarrow uparrow downarrow mapsto mathcal mathbf
    mathrm mathit mathbb mathsf mathtt boldsymbol text operatorname left right big Big bigg Bigg in
    notin subset subseteq supset supseteq cup cap setminus forall exists partial nabla prime circ
    star ast mid propto equiv div vert lvert rvert Vert langle rangle lfloor rfloor lceil rceil hat
    bar tilde widetilde widehat overline vec dot ddot quad qquad colon top bot emptyset varnothing
    lesssim gtrsim approxeq
""".split()
)
_AND = re.compile(r"\band\b", re.IGNORECASE)
# The last word of a group's name, not a person's: "Qwen Team", "Kimi Team", "LLaMA Group".
_GROUP = re.compile(r"\s(?:Team|Group|Lab|Laboratory|Consortium|Collaboration|Project|Authors)$")
_TRAILING = re.compile(r"[\s\\]+\Z")
_SUFFIX = re.compile(r"\s+(?:Jr|Sr|II|III|IV)\.?$")  # "Jr." is no family name


def bibtex_text(text: str) -> str:
    """One line of text, safe inside the braces of a BibTeX field."""
    text = one_line(text)
    tokens = list(_TOKEN.finditer(text))  # left to right, so \\% is a line break, then a %
    math = sum(match[2] == "$" for match in tokens) % 2 == 0  # a lone $ is a dollar, and so is every $
    pieces, position, inside = [], 0, False
    for match in tokens:
        pieces.append(text[position : match.start()])
        position = match.end()
        command, special = match[1], match[2]
        if command is not None:  # a control symbol (\', \%, \{) only typesets; a word must be listed
            allowed = MATH_COMMANDS if inside else TEXT_COMMANDS
            pieces.append(match[0] if not command.isalpha() or command in allowed else command)
        elif special == "$":
            inside = not inside if math else inside
            pieces.append("$" if math else r"\$")
        else:
            pieces.append(_MATH_SPECIALS.get(special, special) if inside else _SPECIALS[special])
    text = "".join(pieces) + text[position:]
    while "^^" in text:  # ^^5c is a backslash to TeX, whatever surrounds it
        text = text.replace("^^", "^{}^")
    return _TRAILING.sub("", " ".join(_balanced(text).split()))  # a last \\ would escape the closing brace


def bibtex_names(names: list[str]) -> str:
    """Authors as BibTeX joins them, "A and B"; a name that holds "and" or a comma is one unit, as
    is a group's name ("Z-Image Team"), which a reference manager would file under "Team"."""
    shown = [bibtex_text(name) for name in names]
    return " and ".join(
        f"{{{name}}}" if _AND.search(name) or "," in name or _GROUP.search(name) else name for name in shown if name
    )


def family_name(name: str) -> str:
    """The family name a citation key starts with, read as BibTeX reads a name: what comes before
    the comma of "Doe, Jane", else the last word ("Chien Van Nguyen": Nguyen); a group is named by
    its first word ("Qwen Team": Qwen), not by "Team"."""
    if "," in name:
        return name.split(",", 1)[0].strip()
    words = _SUFFIX.sub("", name.strip()).split()
    if not words:
        return ""
    return words[0] if _GROUP.search(" ".join(words)) else words[-1]


def _balanced(text: str) -> str:
    """`text` without the braces that close nothing or are never closed (with the backslash of an
    escaped one)."""
    dropped: set[int] = set()
    opened: dict[bool, list[int]] = {False: [], True: []}
    for index, character in enumerate(text):
        if character not in "{}":
            continue
        escaped = _escaped(text, index)
        if character == "{":
            opened[escaped].append(index)
        elif opened[escaped]:
            opened[escaped].pop()
        else:
            dropped.add(index)
    dropped.update(opened[False] + opened[True])
    dropped.update(index - 1 for index in list(dropped) if _escaped(text, index))
    return "".join(character for index, character in enumerate(text) if index not in dropped)


def _escaped(text: str, index: int) -> bool:
    """Whether the character at `index` follows an odd run of backslashes."""
    run = len(text[:index]) - len(text[:index].rstrip("\\"))
    return run % 2 == 1
