"""The baseline catalogue (data/baselines.yaml) read against the store: what it finds, and what to list.

    .venv/bin/python benchmarks/baselines_audit.py               # every catalogued system found as a
                                                                  # baseline, with its sentence and the
                                                                  # reader's verdict; precision
    .venv/bin/python benchmarks/baselines_audit.py --rejected     # catalogued names in an abstract the
                                                                  # comparison test left out (to read for recall)
    .venv/bin/python benchmarks/baselines_audit.py --candidates   # names after comparison language in at
                                                                  # least 2 abstracts (papers and rejected)

A name is a candidate for the catalogue when it recurs as a compared baseline: a reader keeps those
that are systems of the field (engines, libraries, kernels, method releases), not models (GPT-4o),
algorithms (GRPO) or words ("SOTA"), and not a paper of the store (found by its system name already).
benchmarks/audits/baselines/verdicts.jsonl holds a reader's verdict on each mention found.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.build import load_corpus
from digest.derive.corpus import machine_roles
from digest.derive.facts.roles import BACKGROUND, PRIOR
from digest.derive.links import _WORD_RE, compared_with, find_mentions
from digest.records.rejected import load_rejections
from digest.records.store import load_papers
from digest.text.keys import name_key
from digest.text.sentences import split_sentences

DATA = ROOT / "data"
VERDICTS = ROOT / "benchmarks" / "audits" / "baselines" / "verdicts.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", action="store_true", help="count names after comparison language")
    parser.add_argument("--rejected", action="store_true", help="catalogued names the comparison test left out")
    args = parser.parse_args()
    if args.candidates:
        return candidates()
    corpus = load_corpus(DATA)
    if args.rejected:
        names = {
            pid: ([d.system] if d.system else [], f"{d.paper.title}. {d.paper.abstract}")
            for pid, d in corpus.papers.items()
        }
        named = find_mentions(names, split_sentences, None, corpus.baselines.spellings())
        for pid, mentions in sorted(named.items()):
            found = {m.target for m in corpus.papers[pid].external_baselines}
            for mention in mentions:
                if not mention.in_digest and mention.target not in found:
                    print(f"{pid} -> {mention.target} | {mention.sentence}")
        return 0
    verdicts = {}
    if VERDICTS.exists():
        for line in VERDICTS.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            verdicts[row["paper"], row["system"]] = row
    found = [(pid, m) for pid, d in sorted(corpus.papers.items()) for m in d.external_baselines]
    right = unread = 0
    for number, (pid, mention) in enumerate(found, start=1):
        row = verdicts.get((pid, mention.target))
        verdict = row["verdict"] if row else "unread"
        right += verdict == "baseline"
        unread += row is None
        print(f"{number}. {pid} -> {mention.target} ({mention.name}) [{verdict}]\n   {mention.sentence}")
    read = len(found) - unread
    print(f"\n{len(found)} mentions in {len({pid for pid, _ in found})} papers; {read} read, {right} real baselines")
    if read:
        print(f"precision {right / read:.2f}")
    return 0


def candidates() -> int:
    """Names (one to three words, the first with a capital, a digit or a dot) right after comparison
    language (links.compared_with) in a sentence not read as background or prior work, by abstracts."""
    rejections, _problems = load_rejections(DATA)
    papers = [(p, True) for p in load_papers(DATA)] + [(r.paper, False) for r in rejections]
    abstracts: dict[str, set[str]] = defaultdict(set)
    spelled: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for paper, stored in papers:
        roles = paper.overrides.get("sentence_roles") or machine_roles(paper)
        role_of = dict(zip(split_sentences(paper.abstract), roles, strict=False))
        for sentence in [paper.title, *split_sentences(paper.abstract)]:
            if role_of.get(sentence) in (BACKGROUND, PRIOR):
                continue
            words = list(_WORD_RE.finditer(sentence))
            for index, word in enumerate(words):
                first = word.group()
                if not any(ch.isupper() or ch.isdigit() or ch == "." for ch in first):
                    continue
                if not compared_with(sentence, word.start()):
                    continue
                for size in (1, 2, 3):
                    if index + size > len(words):
                        break
                    phrase = sentence[word.start() : words[index + size - 1].end()]
                    key = name_key(phrase)
                    abstracts[key].add(paper.id if stored else f"rejected/{paper.id}")
                    spelled[key][phrase] += 1
    rows = sorted(((len(ids), key) for key, ids in abstracts.items() if len(ids) >= 2), reverse=True)
    for count, key in rows:
        spelling = max(spelled[key].items(), key=lambda item: item[1])[0]
        print(f"{count:4} {spelling!r}: {', '.join(sorted(abstracts[key])[:6])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
