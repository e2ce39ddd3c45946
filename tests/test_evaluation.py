"""`digest eval` and the Method page: accuracy measured leave one dump out on the curated records.

The floors sit a little under what was measured when they were set (ships: macro-F1 0.92, every
topic precision >= 0.86 and recall >= 0.85, figure coverage 95%; after issue 18's rule features and
on-topic veto, tuned on the real store: macro-F1 0.91, precision >= 0.83, recall >= 0.80; on the 88 records with curated
sentence roles: fact precision 1.00 with no background or baseline value shown as the paper's,
headline accuracy 0.94, compares-against precision and recall 1.00 on one link): a guard against
a change that makes the machine worse, not a tuned target."""

from __future__ import annotations

import json
import re

import pytest

from digest.build import build_files, load_corpus, load_evaluation
from digest.cli import main
from digest.derive.learn import MIN_POSITIVES, TopicModel
from digest.derive.taxonomy import load_taxonomy
from digest.evaluate_facts import evaluate_attribution
from digest.leave_out import FOLDS, fold_dumps
from digest.records.store import load_papers

from .conftest import DATA, REPO_DATA


def learned(model: TopicModel) -> list[str]:
    """The topics the model had enough curated papers to learn; the rules decide the rest."""
    return [slug for slug in model.topics if slug in model.fits]


MACRO_F1_FLOOR = 0.88
PRECISION_FLOOR = 0.82
RECALL_FLOOR = 0.80
COVERAGE_FLOOR = 0.92
FACT_PRECISION_FLOOR = 0.97
CONTEXT_SHOWN_AS_OWN_CEILING = 5
HEADLINE_ACCURACY_FLOOR = 0.91
# precision and recall; recall 7 of 8 since the curated links gained Jet-Long's "1.39x FA2 throughput",
# an abbreviation the machine does not read as FlashAttention-2: the truth grew, the machine did not get worse
COMPARES_FLOOR = 0.85


@pytest.fixture(scope="module")
def evaluation():
    return load_evaluation(DATA)


def test_every_record_is_curated_and_each_dump_is_a_fold(evaluation):
    assert evaluation.n_curated == len(load_papers(DATA)) and evaluation.n_uncurated == 0
    assert [fold.papers for fold in evaluation.folds] == [20, 12, 41, 15]
    assert all(fold.papers + fold.trained_on == evaluation.n_curated for fold in evaluation.folds)


def test_what_ships_holds_the_floor_on_papers_it_never_saw(evaluation):
    assert evaluation.macro_f1("ships") >= MACRO_F1_FLOOR
    for topic in evaluation.topics:
        shipped = topic.scores["ships"]
        assert shipped.precision >= PRECISION_FLOOR, topic.slug
        assert shipped.recall >= RECALL_FLOOR, topic.slug
    assert evaluation.figures.share >= COVERAGE_FLOOR


def test_values_shown_as_the_papers_are_its_own_on_the_curated_sentence_roles(evaluation):
    attribution = evaluation.attribution
    assert attribution.papers == len(load_papers(DATA))  # every record has curated sentence roles
    assert attribution.fact_precision >= FACT_PRECISION_FLOOR
    assert attribution.context_shown_as_own <= CONTEXT_SHOWN_AS_OWN_CEILING
    assert attribution.fact_precision > attribution.total().precision_before  # the roles remove errors
    assert attribution.headline_accuracy >= HEADLINE_ACCURACY_FLOOR
    assert attribution.compares_precision >= COMPARES_FLOOR and attribution.compares_recall >= COMPARES_FLOOR
    assert attribution.compared_false_before > 0  # any mention of a name made wrong links


def test_the_model_beats_the_rules_it_learns_from(evaluation):
    assert evaluation.macro_f1("model") > evaluation.macro_f1("rules")


def test_a_topic_with_too_few_curated_papers_is_left_to_the_rules(seeded_store):
    taxonomy = load_taxonomy(seeded_store / "taxonomy.yaml")
    papers = load_papers(seeded_store)
    hardware = [p for p in papers if "hardware" in p.topics]
    for paper in hardware[MIN_POSITIVES - 1 :]:
        paper.topics = [t for t in paper.topics if t != "hardware"] or ["other"]
    from digest.derive.classify import classify
    from digest.derive.suggest import Learnable, fit_text, train_on_curated

    learnables = [Learnable.of(p, classify(p.title, p.abstract, taxonomy)) for p in papers]
    model = train_on_curated(learnables, taxonomy, fit_text(learnables))
    assert "hardware" not in learned(model) and "kernels" in learned(model)


def test_folds_group_consecutive_dumps_when_there_are_many():
    dumps = [f"d{i:02d}" for i in range(12)]
    folds = fold_dumps(dumps, 5)
    assert len(folds) == 5 and [d for _, group in folds for d in group] == dumps
    assert folds[0][0] == "d00 … d02" and fold_dumps(dumps, None)[3] == ("d03", ["d03"])


# On the seed corpus, the on-topic model at its floor (digest/derive/relevance.py) keeps 67 of the 68
# papers curated in a topic and drops 16 of the 20 curated only as Other GPU work.
FILTER_KEEPS_FLOOR = 0.90  # of the papers in a topic
FILTER_DROPS_FLOOR = 0.75  # of the papers curated only under the fallback


def test_the_fetch_filter_keeps_papers_of_a_topic_and_drops_the_others_it_never_saw(evaluation):
    from digest.derive.relevance import MIN_PROBABILITY

    chosen = next(score for score in evaluation.fetch_filter if score.floor == MIN_PROBABILITY)
    assert chosen.in_topic + chosen.fallback == evaluation.n_curated
    assert chosen.kept / chosen.in_topic >= FILTER_KEEPS_FLOOR
    assert chosen.dropped / chosen.fallback >= FILTER_DROPS_FLOOR
    floors = [score for score in evaluation.fetch_filter if score.floor is not None]
    kept = [score.kept for score in floors]
    assert kept == sorted(kept, reverse=True)  # a higher floor never keeps more


def test_eval_prints_the_table_and_json(capsys):
    assert main(["eval", "--data", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^kernels\s+\d+\s+\d\.\d\d / \d\.\d\d / \d\.\d\d", out, re.MULTILINE)
    assert "macro-F1" in out and "numbers with a unit extracted" in out
    from digest.derive.relevance import MIN_PROBABILITY

    floor = re.escape(f"{MIN_PROBABILITY:.2f}")
    assert re.search(rf"^  {floor}\s+\d+ of \d+\s+\d+ of \d+  <- digest fetch$", out, re.MULTILINE)
    assert re.search(
        r"^temporal split: trained on the \d+ decided papers first seen before \d{4}-\d\d-\d\d", out, re.MULTILINE
    )
    assert main(["eval", "--json", "--data", str(DATA)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["macro_f1"]) == {"rules", "model", "ships"}
    temporal = report["temporal"]
    assert temporal["trained_on"] + temporal["predicted"] + temporal["undated"] == report["curated"]
    assert report["fetch_filter"]["chosen_floor"] in [f["floor"] for f in report["fetch_filter"]["floors"]]
    assert report["figures"]["found"] == report["figures"]["extracted"] + len(report["figures"]["unextracted"])
    attribution = report["attribution"]
    assert {"fact_precision", "fact_precision_before", "headline", "compares_to", "kinds"} <= set(attribution)
    assert "values shown as the paper's" in out and re.search(r"^headline: \d+ of \d+ right", out, re.MULTILINE)


def test_the_method_page_shows_the_evaluation_of_the_data_it_describes():
    files = build_files(DATA, "https://digest.example/")[1]
    page = files["method.md"]
    expected = load_evaluation(DATA, FOLDS)
    for topic in expected.topics:
        cells = [f"{s.precision:.2f} / {s.recall:.2f} / {s.f1:.2f}" for s in topic.scores.values()]
        if topic.unlearned:  # the model's cell says for how many of the topic's papers it could learn it
            cells[1] += f" (learned for {topic.learned} of {topic.support})"
        assert f" | {topic.support} | {' | '.join(cells)} |" in page, topic.slug
    assert f"pooled over {len(expected.folds)} fold{'s' if len(expected.folds) != 1 else ''};" in page
    assert (
        f"what ships {expected.macro_f1('ships'):.2f}" in page
        and f"{expected.figures.extracted} of the {expected.figures.found} numbers" in page
    )
    attribution = expected.attribution
    assert "Fact precision of the machine alone, before a curator's corrections (" in page
    assert f"**{attribution.fact_precision:.2f}**" in page
    assert f"and {attribution.misread_shown} value" in page
    assert "Headline accuracy" in page and f"**{attribution.headline_accuracy:.2f}**" in page
    assert f"precision **{attribution.compares_precision:.2f}**, recall **{attribution.compares_recall:.2f}**" in page


def test_the_method_page_says_the_machine_s_wrong_values_are_not_shown_and_glosses_its_words():
    """Method's "0.98 ... 12 values a curator marked as misread" read as if wrong values were still
    shown, against Facts, which says `misread` drops them (a reader's audit): the 0.98 is the machine
    alone, and the pages show the curator's reading. Which holds: scored against the curator, the
    values the pages show as a paper's own hold no background value and no misread one. And the
    page's own words (dump, what ships, store) are said once in plain words where first used."""
    files = build_files(DATA, "https://digest.example/")[1]
    page = " ".join(files["method.md"].split())
    precision = page.split("- Fact precision")[1].split("- Headline accuracy")[0]
    assert "of the machine alone, before a curator's corrections" in precision
    assert "the pages show neither" in precision
    corpus = load_corpus(DATA)
    shown = evaluate_attribution(
        [d.paper for d in corpus.papers.values()], {pid: d.facts for pid, d in corpus.papers.items()}
    )
    assert shown.papers and (shown.context_shown_as_own, shown.misread_shown) == (0, 0)
    text = page.replace("### Leave one dump out", "")  # the heading the glossed sentence follows
    for word, gloss in (
        ("dump", "listing dump (a saved copy of one Daily Papers listing"),
        ("what ships", "*what ships* (what the site shows for a paper no curator has decided)"),
        ("store", "in the store (the digest's records)"),
    ):
        first = re.search(rf"\b{word}\b", text, re.IGNORECASE)
        assert first and text.index(gloss) <= first.start() < text.index(gloss) + len(gloss), word


# The real store, with its rejected papers (issue 18's backfill). Measured when the floors were set, with
# the on-topic model reading the shares of systems and model-quality words (digest/derive/density.py):
# leave one dump out (5 folds), the filter kept 184 of 203 papers in a topic (0.91) and dropped 762 of 850 off
# topic (0.90); by time (trained before 2026-04-13), it kept 44 of 48 (0.92) and dropped 194 of 218 (0.89).
# Then ten papers the filter kept on whole days and a curator rejected joined the decided ones: chosen because
# it keeps them, they lower its drop rate by time to 184 of 216 (0.85, trained before 2026-04-30).
# Then the 106 recorded papers never decided that the filter trained on every decided paper puts at 0.10 or
# more were read (16 accepted, 90 rejected): two of the later days are in a topic and the filter misses
# them, so it keeps 51 of 58 by time (0.88) and drops 207 of 240 (0.86, trained before 2026-04-16). Four more
# passes of 100 (the filter retrained on each) gave 10, 8, 6 and 1 more in a topic: after the second it kept 50
# of 59 (0.85); after the last, 51 of 59 (0.86) and drops 308 of 340 (0.91, trained before 2026-04-30).
REAL_KEEPS_FLOOR, REAL_DROPS_FLOOR = 0.82, 0.83


@pytest.fixture(scope="module")
def real_evaluation():
    return load_evaluation(REPO_DATA, FOLDS)


def test_on_the_real_store_rejected_papers_are_scored_as_papers_in_no_topic(real_evaluation):
    assert real_evaluation.n_rejected > 0
    from digest.derive.relevance import MIN_PROBABILITY

    chosen = next(score for score in real_evaluation.fetch_filter if score.floor == MIN_PROBABILITY)
    assert chosen.fallback >= real_evaluation.n_rejected  # every rejected paper counts as off topic
    assert chosen.kept / chosen.in_topic >= REAL_KEEPS_FLOOR
    assert chosen.dropped / chosen.fallback >= REAL_DROPS_FLOOR


def test_the_temporal_split_trains_only_on_the_past(real_evaluation):
    from digest.derive.taxonomy import load_taxonomy
    from digest.derive.training import training_set
    from digest.evaluate import labelled
    from digest.temporal import evaluate_temporal, seen_on

    temporal = real_evaluation.temporal
    assert temporal is not None and temporal.predicted > 0
    kept = temporal.fetch_filter
    assert kept.kept / kept.in_topic >= REAL_KEEPS_FLOOR and kept.dropped / kept.fallback >= REAL_DROPS_FLOOR
    taxonomy = load_taxonomy(REPO_DATA / "taxonomy.yaml")
    rejected = [item for item in training_set(REPO_DATA, taxonomy)[0] if item.rejected]
    decided = labelled(load_papers(REPO_DATA), rejected, taxonomy)
    days = sorted(day for item in decided if (day := seen_on(item)))
    later = evaluate_temporal(decided, taxonomy, days[-1])  # only the newest day predicted
    assert later.predicted == days.count(days[-1]) and later.trained_on == len(days) - later.predicted
    assert [(p.start, p.predicted) for p in later.periods] == [(days[-1], later.predicted)]  # one day, one period


@pytest.mark.parametrize(
    ("published", "listed", "seen"),
    [
        ("2023-07-17", None, "2023-07-17"),
        ("2023-07", None, "2023-07-01"),  # a month alone (an arXiv id's): dated, so it still trains the later periods
        ("2023", None, None),  # a year alone: too vague to place before or after a split
        ("--03-11", None, None),  # a day of an unknown year: no date at all
        ("2023-07", "2026-03-05", "2026-03-05"),  # a listing's day first
    ],
)
def test_a_paper_is_first_seen_on_its_listing_else_its_date_a_month_included(published, listed, seen):
    """Eight seed papers dated by their arXiv id's month dropped out of the temporal training, and
    temporal macro-F1 fell from 0.66 to 0.57: a month is as good a date as a day, years before a split."""
    from digest.derive.classify import classify
    from digest.derive.suggest import Learnable
    from digest.derive.taxonomy import load_taxonomy
    from digest.records.model import Paper, Source
    from digest.temporal import seen_on

    sources = [Source(file="hf-daily.json", line=1, date=listed)] if listed else []
    paper = Paper(id="p", title="A title", abstract="An abstract.", published=published, sources=sources)
    item = Learnable.of(paper, classify(paper.title, paper.abstract, load_taxonomy(REPO_DATA / "taxonomy.yaml")))
    assert seen_on(item) == seen


def test_eval_periods_option(capsys):
    from digest.temporal import PERIODS

    with pytest.raises(SystemExit):
        main(["eval", "--help"])
    assert f"(default: {PERIODS};" in " ".join(capsys.readouterr().out.split())
    for periods in ("1", "2"):
        assert main(["eval", "--data", str(DATA), "--folds", "2", "--periods", periods, "--json"]) == 0
        temporal = json.loads(capsys.readouterr().out)["temporal"]
        assert len(temporal["periods"]) == int(periods)
        assert temporal["periods"][0] == {**temporal["periods"][0], "start": temporal["split"]}
        assert sum(p["predicted"] for p in temporal["periods"]) == temporal["predicted"]
    with pytest.raises(SystemExit):
        main(["eval", "--periods", "0"])
    assert "not more than zero" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args, refusal",
    [
        (["--folds", "1"], "1 fold leaves nothing to train on: give 2 or more (0: one dump a fold)"),
        (["--days", "no-such-folder"], "argument --days: no-such-folder: no such folder"),
        (["--split", "2100-01-01"], "--split 2100-01-01: no decided paper was first seen on or after it"),
        (["--split", "1990-01-01"], "--split 1990-01-01: no decided paper was first seen before it: give a later day"),
    ],
)
def test_eval_refuses_options_that_leave_nothing_to_measure(args, refusal, capsys, tmp_path, monkeypatch):
    """Not a table of zeros ("predicted the 0 first seen ..."), nor a late "No such file" after the run."""
    monkeypatch.chdir(tmp_path)
    try:
        status = main(["eval", "--data", str(DATA), *args])
    except SystemExit as stop:  # argparse refuses at once
        status = stop.code
    assert status == 2
    assert refusal in " ".join(capsys.readouterr().err.split())


def test_periods_cut_the_papers_from_the_split_on_into_runs_of_about_as_many():
    from digest.temporal import period_starts

    days = ["2026-01-01"] * 3 + ["2026-02-01"] * 2 + ["2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"]
    assert period_starts(days, "2026-02-01", 2) == ["2026-02-01", "2026-04-01"]  # 3 papers, then 3
    assert period_starts(days, "2026-02-01", 1) == ["2026-02-01"]
    assert period_starts(days, "2026-06-01", 4) == ["2026-06-01"]  # one day holds them all: one period
    assert period_starts(days, "2027-01-01", 4) == ["2027-01-01"]  # nothing after the split
    # A day of many papers ends its period later; every period holds a paper, the first one too.
    assert period_starts(["a"] * 9 + ["b", "c", "d"], "a", 4) == ["a", "b", "c", "d"]
    assert period_starts(["b"] * 4 + ["c"], "a", 4) == ["a", "c"]  # not a first period [a, b) of none
    assert period_starts(["a", "b", "c"], "a", 10) == ["a", "b", "c"]


def test_each_period_is_predicted_by_a_model_retrained_on_every_paper_before_it(real_evaluation):
    from digest.derive.taxonomy import load_taxonomy
    from digest.derive.training import training_set
    from digest.evaluate import labelled
    from digest.temporal import PERIODS, evaluate_temporal, seen_on

    temporal = real_evaluation.temporal
    assert temporal is not None and len(temporal.periods) == PERIODS
    taxonomy = load_taxonomy(REPO_DATA / "taxonomy.yaml")
    rejected = [item for item in training_set(REPO_DATA, taxonomy)[0] if item.rejected]
    decided = labelled(load_papers(REPO_DATA), rejected, taxonomy)
    days = sorted(day for item in decided if (day := seen_on(item)))
    starts = [p.start for p in temporal.periods]
    assert starts[0] == temporal.split and starts == sorted(set(starts))
    for period, end in zip(temporal.periods, [*starts[1:], "9999"], strict=True):
        assert period.trained_on == sum(day < period.start for day in days)  # every paper before it, none after
        assert period.predicted == sum(period.start <= day < end for day in days)
    assert sum(p.predicted for p in temporal.periods) == temporal.predicted
    assert max(p.predicted for p in temporal.periods) <= 2 * min(p.predicted for p in temporal.periods)
    for topic in temporal.topics:  # the periods pooled: each predicted paper counted once, in its period
        ships = topic.scores["ships"]
        assert ships.true_positives + ships.false_negatives == topic.support
    one = evaluate_temporal(decided, taxonomy, temporal.split, periods=1)
    assert [(p.start, p.trained_on) for p in one.periods] == [(temporal.split, temporal.trained_on)]
    assert one.predicted == temporal.predicted


def test_a_topic_with_no_paper_in_the_period_is_left_out_of_the_macro_f1():
    from digest.evaluate import Score, TopicScores, macro_f1

    def topic(slug: str, *outcomes: tuple[bool, bool]) -> TopicScores:
        scores = TopicScores(slug, sum(actual for _, actual in outcomes))
        for predicted, actual in outcomes:
            scores.scores["ships"].add(predicted, actual)
        return scores

    hit, miss, absent = topic("a", (True, True)), topic("b", (False, True)), topic("c", (False, False))
    assert not absent.scores["ships"].measured and absent.scores["ships"].text() == "no paper"
    assert macro_f1([hit, miss, absent], "ships") == 0.5  # not (1 + 0 + 1) / 3
    wrongly_placed = topic("d", (True, False))  # no paper has it, one was placed in it: measured, F1 0
    assert macro_f1([hit, wrongly_placed], "ships") == 0.5
    assert Score().f1 == 1.0  # the vacuous value stays what it was for code that reads it
    # nothing placed: no precision to give, and none shown beside a recall of 0.00
    assert miss.scores["ships"].text() == "– / 0.00 / 0.00"
    assert wrongly_placed.scores["ships"].text() == "0.00 / – / 0.00"
    assert hit.scores["ships"].text() == "1.00 / 1.00 / 1.00"


def test_on_the_real_store_the_method_page_says_what_each_row_counts_and_where_the_model_could_not_learn(
    real_evaluation,
):
    """The fallback row counts the rejected papers too, and says so; a topic the model could not
    learn for most of its papers (they are first seen in one fold) says why the model scores low."""
    from digest.render.context import RenderContext
    from digest.render.method import render_method
    from digest.render.templates import environment

    corpus = load_corpus(REPO_DATA)
    page = render_method(RenderContext(corpus, environment()), real_evaluation)
    fallback = corpus.taxonomy.fallback
    other = next(t for t in real_evaluation.topics if t.slug == fallback.slug)
    curated_other = other.support - real_evaluation.n_rejected
    assert f"| {fallback.name}, and rejected papers | {other.support} |" in page
    assert (
        f"the {curated_other} papers curated under *{fallback.name}* and the {real_evaluation.n_rejected} rejected"
        in page
    )
    assert "Curated papers" not in page and "fold(s)" not in page
    for topic in real_evaluation.topics:
        model = topic.scores["model"]
        assert model.true_positives <= topic.learned <= topic.support  # it finds only papers of a fold that learned it
        name = corpus.taxonomy.topic(topic.slug).name
        said = f"*{name}* was learned for {topic.learned} of its {topic.support} papers"
        assert (said in page) == topic.unlearned, topic.slug
        assert topic.unlearned or topic.slug == fallback.slug or topic.learned == topic.support
    # On this store, two topics' papers are mostly first seen in one fold: the model could not learn them there.
    assert sum(t.unlearned for t in real_evaluation.topics) >= 1


def test_on_the_real_store_the_method_page_sets_the_machine_beside_a_second_reader(real_evaluation):
    """The second reading of data/rereads/ against the curator, next to the machine on the same papers."""
    from digest.render.context import RenderContext
    from digest.render.method import render_method
    from digest.render.templates import environment

    agreement = real_evaluation.agreement
    assert agreement is not None and agreement.topics.papers == 400
    machine = agreement.topics.machine_macro_f1
    assert machine is not None and 0.0 < machine < agreement.topics.macro_f1  # words draw the line less well
    page = render_method(RenderContext(load_corpus(REPO_DATA), environment()), real_evaluation)
    assert "### How far two readers agree" in page
    assert f"| Topics, macro-F1 on the 400 papers | {machine:.2f} | {agreement.topics.macro_f1:.2f} |" in page
    headlines = agreement.headlines
    attribution = real_evaluation.attribution
    row = f"| {attribution.headline_accuracy:.2f} | {headlines.agree / headlines.papers:.2f} |"
    assert f"| Headline (the same metric and leading number) {row}" in page
