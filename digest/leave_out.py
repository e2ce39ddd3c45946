"""How the leave-one-dump-out evaluation cuts the dumps into folds.

One count for `digest eval` and the Method page, so that the two print the same figures under the
same name (the page used five and eval ten, and a reader found two figures under one name). Five
folds: each fold's model trains on four fifths of the decided papers; one fold a dump (`digest eval
--folds 0`) costs a training per dump, too much for every build. Measured on the real store (1,577
decided papers): ten folds give the same macro-F1 (0.76) and cost the build 3.7 s more (`mkdocs
build` 17.1 s against 13.4 s: the evaluation, 10.5 s of CPU against 6.4 s, outlasts the pages
rendered beside it). `digest eval --folds 10` prints them.
"""

from __future__ import annotations

FOLDS = 5


def fold_dumps(dumps: list[str], max_folds: int | None) -> list[tuple[str, list[str]]]:
    """The dumps as folds: one each, or consecutive groups when there are more than `max_folds`."""
    count = len(dumps) if max_folds is None else min(len(dumps), max_folds)
    groups: list[list[str]] = [[] for _ in range(count)]
    for index, dump in enumerate(dumps):
        groups[index * count // len(dumps)].append(dump)
    return [(group[0] if len(group) == 1 else f"{group[0]} … {group[-1]}", group) for group in groups if group]
