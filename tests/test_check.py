"""`digest check` over the repo's store and over stores with planted problems."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from digest.build import build_files
from digest.check import check_store
from digest.cli import main
from digest.errors import DataError
from digest.records.model import FIELDS, METRICS
from digest.records.rejected import load_rejection
from digest.records.store import load_paper
from digest.records.yamlfile import latest_year

from .conftest import DATA


def edit_record(data, paper_id, **fields):
    path = data / "papers" / f"{paper_id}.yaml"
    record = yaml.safe_load(path.read_text())
    record.update(fields)
    path.write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True))
    return path


def edit_record_as(data, paper_id, record):
    """Write `record` whole as data/papers/<paper_id>.yaml."""
    path = data / "papers" / f"{paper_id}.yaml"
    path.write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True))
    return path


def line_of(path, field):
    """The line of a top-level field in a record."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(f"{field}:"))


def replaced(text: str, edits: list[tuple[str, str]]) -> str:
    """`text` with each old string, which must be there, replaced once by its new one."""
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def test_repo_store_is_clean(capsys):
    assert main(["check", "--data", str(DATA)]) == 0
    assert "all clean" in capsys.readouterr().err


def test_the_closing_line_says_what_the_store_holds_as_it_changes(seeded_store, capsys):
    """No document keeps the store's counts (a pull request adding a paper made the README's wrong,
    and failed its tests): check's last line says them, as the store is when it runs."""
    papers = len(list((seeded_store / "papers").glob("*.yaml")))
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"{papers} records checked: all clean; the store holds {papers} papers in topics, 0 awaiting review "
        "(uncurated) and 0 rejected"
    )
    assert main(["reject", "galore", "--reason", "a test", "--by", "tester", "--data", str(seeded_store)]) == 0
    edit_record(seeded_store, "zo2", topics=[])  # what a fetch writes: no curated topics yet
    capsys.readouterr()
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert (
        capsys.readouterr()
        .err.splitlines()[-1]
        .endswith(f"the store holds {papers - 2:,} papers in topics, 1 awaiting review (uncurated) and 1 rejected")
    )


def test_a_store_without_its_taxonomy_or_catalogue_fails_as_the_build_would(seeded_store, capsys):
    # A curator's walkthrough: with both removed, check said all clean while review and pages failed.
    for name in ("taxonomy.yaml", "hardware.yaml"):
        (seeded_store / name).unlink()
    assert main(["check", "--data", str(seeded_store)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{seeded_store / 'hardware.yaml'}: no such hardware catalogue",
        f"{seeded_store / 'taxonomy.yaml'}: no such taxonomy",
    ]
    assert main(["review", "--data", str(seeded_store)]) == 1
    assert capsys.readouterr().err == f"error: {seeded_store / 'taxonomy.yaml'}: no such taxonomy\n"


def test_a_bad_glossary_entry_is_reported_with_its_line_and_field(seeded_store, capsys):
    path = seeded_store / "glossary.yaml"
    text = path.read_text()
    path.write_text(replaced(text, [("- acronym: MoE\n", "- acronym: mixture\n")]))
    line = text.splitlines().index("- acronym: MoE") + 1
    entry = [row for row in text.splitlines() if row.startswith("- acronym: ")].index("- acronym: MoE")
    assert main(["check", "--data", str(seeded_store)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}: glossary[{entry}].acronym: 'mixture' is not an acronym: one word of letters and digits "
        "with at least one capital"
    ]
    path.unlink()  # none at all: no page lists terms, and nothing is wrong
    assert main(["check", "--data", str(seeded_store)]) == 0


def test_a_folder_that_is_no_store_is_refused_with_where_data_should_point(seeded_store, tmp_path, capsys):
    # An easy slip: --data data/papers. It passed, with "0 records checked: all clean".
    papers = seeded_store / "papers"
    assert main(["check", "--data", str(papers)]) == 2
    assert capsys.readouterr().err == (
        f"error: {papers}: does not look like a store: it has no papers/ folder and no taxonomy.yaml; --data names "
        f"the folder holding papers/, sources/, taxonomy.yaml and hardware.yaml: did you mean --data {seeded_store}?\n"
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert main(["check", "--data", str(elsewhere)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {elsewhere}: does not look like a store: ")


def test_duplicate_titles_and_ids_are_reported(seeded_store):
    original = seeded_store / "papers" / "galore.yaml"
    shutil.copy(original, seeded_store / "papers" / "galore-copy.yaml")
    messages = [str(e) for e in check_store(seeded_store)]
    assert any("galore-copy.yaml:1: id: 'galore' does not match the file name" in m for m in messages)
    edit_record(seeded_store, "galore-copy", id="galore-copy")
    messages = [str(e) for e in check_store(seeded_store)]
    assert any("galore.yaml:2: title: same paper as galore-copy.yaml" in m for m in messages), messages
    # and the build refuses it with the same message: it would publish the paper twice
    with pytest.raises(DataError, match=r"galore\.yaml:2: title: same paper as galore-copy\.yaml"):
        build_files(seeded_store, "https://digest.example/")


def test_a_copied_record_a_list_written_as_text_and_a_day_not_whole_say_how_to_fix_them(seeded_store, capsys):
    # A blind curator's walkthrough: 'an id never changes, so rename neither' is no advice for a copy,
    # `topics: parallelism` needs brackets, and `added` takes no year alone, whatever a date elsewhere may.
    papers = seeded_store / "papers"
    copy = papers / "zo2-v2.yaml"
    copy.write_text(
        (papers / "zo2.yaml")
        .read_text()
        .replace("topics: [offloading]", "topics: offloading, kernels")
        .replace("added: '2025-03-16'", "added: Dec 1 2020")
    )
    assert main(["check", "--data", str(seeded_store)]) == 1
    out, err = capsys.readouterr()
    # the summary counts problems and the files they are in: zo2.yaml has the copy's arXiv id
    assert " records checked: 4 problems in 2 files; the store holds " in err.splitlines()[-1]
    assert [line for line in out.splitlines() if "zo2-v2.yaml" in line.split(":")[0]] == [
        f"{copy}:1: id: 'zo2' does not match the file name 'zo2-v2.yaml' and is the id of zo2.yaml: if this "
        "file is a copy for another paper, give it its own id (id: zo2-v2); if it is the same paper, delete "
        "one of the two files",
        f"{copy}:4: added: expected a whole date like 2025-03-06, got text 'Dec 1 2020'",
        f"{copy}:10: topics: expected a list, got text 'offloading, kernels'; write topics: [offloading, kernels]",
    ]


def test_a_copy_that_keeps_the_original_s_arxiv_id_is_told_to_give_the_copy_its_own(seeded_store):
    # A contributor's walkthrough: the README's "copy any record, give it a new id, a title and an
    # abstract" keeps the original's arXiv id, and check said only "merge the two records into one".
    papers = seeded_store / "papers"
    edit_record(seeded_store, "zo2", arxiv_id="2503.12668")
    shutil.copy(papers / "zo2.yaml", papers / "acp.yaml")
    edit_record(seeded_store, "acp", id="acp", title="Adaptive Computation Pruning for the Forgetting Transformer")
    (problem,) = check_store(seeded_store)
    assert (problem.path, problem.field) == (str(papers / "zo2.yaml"), "arxiv_id")
    assert problem.message == (
        "same arXiv paper as acp.yaml: if one of the two is a copy made for another paper, give that one "
        "its paper's arXiv id (or no arxiv_id line when it has none); if they are one paper, merge the two "
        "records into one"
    )


def test_a_file_in_papers_or_rejected_that_the_build_never_reads_is_reported(seeded_store, capsys):
    # A contributor's walkthrough: a new record saved as acp-fox.yml was read by nothing, and
    # check said "all clean" while the paper was on no page.
    papers, rejected = seeded_store / "papers", seeded_store / "rejected"
    (papers / "zo2.yaml").rename(papers / "zo2.yml")
    rejected.mkdir()
    (papers / "galore.yaml").rename(rejected / "galore.YAML")
    assert main(["check", "--data", str(seeded_store)]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"{papers / 'zo2.yml'}: not read: the build reads only files named ID.yaml; rename it zo2.yaml",
        f"{rejected / 'galore.YAML'}: not read: the build reads only files named ID.yaml; rename it galore.yaml",
    ]
    assert " records checked: 2 problems in 2 files; the store holds " in err.splitlines()[-1]
    # Beside the record it would replace, the hint is not to rename it (a curator's walkthrough).
    shutil.copy(papers / "tempi.yaml", papers / "tempi.yml")
    assert main(["check", "--data", str(seeded_store)]) == 1
    assert (
        f"{papers / 'tempi.yml'}: not read: the build reads only files named ID.yaml, and tempi.yaml is there "
        "already: keep one of the two (renamed, this file would replace it)"
    ) in capsys.readouterr().out.splitlines()
    (papers / "tempi.yml").unlink()
    # Anything else is noted, not refused; hidden files (an editor's) are not a curator's.
    (papers / "zo2.yml").rename(papers / "zo2.yaml")
    (rejected / "galore.YAML").rename(papers / "galore.yaml")
    (papers / "notes.txt").write_text("to add: ACP\n")
    (papers / ".zo2.yaml.swp").write_text("")
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert f"note: {papers / 'notes.txt'}: not a record, and the build reads only files named ID.yaml\n" in (
        capsys.readouterr().err
    )


def test_text_that_would_not_read_back_as_a_list_of_text_gets_no_hint(seeded_store, capsys):
    # Found by test_check_implies_build: the hint read "[2024-02-30]" back as YAML, a date no
    # calendar has, and the check crashed.
    path = seeded_store / "papers" / "zo2.yaml"
    path.write_text(path.read_text().replace("tags: []", "tags: '2024-02-30'"))
    assert main(["check", "--data", str(seeded_store)]) == 1
    assert f"{path}:11: tags: expected a list, got text '2024-02-30'\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    "value, message",
    [
        ("'2025'", "expected a whole date like 2025-03-06, got text '2025'"),
        ("--03-16", "expected a whole date like 2025-03-06, got text '--03-16'"),
        ("2025-02-30", "no such date: 2025-02-30"),
        ("true", "expected a whole date like 2025-03-06, got true/false 'true'"),
    ],
)
def test_added_is_a_whole_date(seeded_store, value, message):
    path = seeded_store / "papers" / "zo2.yaml"
    path.write_text(path.read_text().replace("added: '2025-03-16'", f"added: {value}"))
    with pytest.raises(DataError) as raised:
        load_paper(path)
    assert str(raised.value) == f"{path}:4: added: {message}"


@pytest.mark.parametrize(
    "old, new, field, advice",
    [
        ("published: '2025-03-16'", "published: '2999-01-02'", "published", "write the day it was published"),
        ("added: '2025-03-16'", "added: '2999-01-02'", "added", "write the day the digest first saw the paper"),
    ],
)
def test_a_date_after_next_year_is_told_what_day_its_field_holds(seeded_store, old, new, field, advice):
    # A contributor's walkthrough: `added: '2035-04-16'` was told to "write the day it was published",
    # which is the other field's day.
    path = seeded_store / "papers" / "zo2.yaml"
    path.write_text(replaced(path.read_text(), [(old, new)]))
    with pytest.raises(DataError) as raised:
        load_paper(path)
    assert raised.value.field == field
    assert raised.value.message.startswith(f"2999-01-02 is after next year ({latest_year()}); {advice}")


def test_a_record_sharing_its_id_with_a_rejected_paper_is_reported(seeded_store):
    # Two papers can share a slug ("MoA: ..." twice): a record made by hand may take a rejected one's id.
    assert main(["reject", "galore", "--data", str(seeded_store), "--by", "curator"]) == 0
    edit_record(seeded_store, "flashattention-2", id="galore")
    (seeded_store / "papers" / "flashattention-2.yaml").rename(seeded_store / "papers" / "galore.yaml")
    messages = [str(e) for e in check_store(seeded_store)]
    rejected = seeded_store / "rejected" / "galore.yaml"
    assert any(
        f"{rejected}: id: 'galore' is rejected and also a record" in m and "rename the record" in m for m in messages
    ), messages


def test_a_record_written_again_for_a_rejected_paper_is_reported_with_how_to_bring_it_back(seeded_store, capsys):
    # A contributor's walkthrough: a paper the digest lacks because a curator rejected it, written
    # again by hand under another id, passed check and was on the site, though rejected.
    edit_record(seeded_store, "zo2", arxiv_id="2503.12668")
    assert main(["reject", "zo2", "--data", str(seeded_store), "--by", "curator", "--reason", "not systems"]) == 0
    rejected = seeded_store / "rejected" / "zo2.yaml"
    record = {k: v for k, v in yaml.safe_load(rejected.read_text()).items() if not k.startswith(("rejected", "reason"))}
    path = edit_record_as(seeded_store, "zo2-again", {**record, "id": "zo2-again"})
    advice = (
        f"same paper as {rejected}, which curator rejected on {yaml.safe_load(rejected.read_text())['rejected_on']} "
        "(not systems): delete this record; if the paper belongs in the digest, bring the rejected one back "
        "with digest accept zo2 --topics a,b"
    )
    assert [str(e) for e in check_store(seeded_store)] == [f"{path}:{line_of(path, 'arxiv_id')}: arxiv_id: {advice}"]
    # without an arXiv id, its title tells
    path = edit_record_as(
        seeded_store, "zo2-again", {k: v for k, v in record.items() if k != "arxiv_id"} | {"id": "zo2-again"}
    )
    assert [str(e) for e in check_store(seeded_store)] == [f"{path}:{line_of(path, 'title')}: title: {advice}"]
    # a paper of the same title with an arXiv id of its own is another paper, as between records
    edit_record(seeded_store, "zo2-again", arxiv_id="2504.06949")
    assert check_store(seeded_store) == []
    capsys.readouterr()


def test_every_problem_of_a_rejected_paper_is_listed_by_the_records_reader(seeded_store, capsys):
    # A blind curator's walkthrough: a file in rejected/ showed only its first problem.
    assert main(["reject", "galore", "--data", str(seeded_store), "--by", "curator"]) == 0
    path = seeded_store / "rejected" / "galore.yaml"
    text = replaced(
        path.read_text(),
        [
            ("upvotes: 15\n", "upvotes: -3\n"),
            ("tags: []", 'tags: ["KV cache!"]'),
            ("notes: ''", "colour: red"),
            ("rejected_by: curator\n", ""),
        ],
    )
    text = re.sub(r"rejected_on: '[0-9-]+'", "rejected_on: '2026'", text)
    path.write_text(text)
    lines = text.splitlines()

    def line(start: str) -> int:
        return next(number for number, row in enumerate(lines, 1) if row.startswith(start))

    capsys.readouterr()
    assert main(["check", "--data", str(seeded_store)]) == 1
    out, err = capsys.readouterr()
    assert " records checked: 5 problems in 1 file; the store holds " in err.splitlines()[-1]
    known = ", ".join((*FIELDS, "rejected_by", "rejected_on", "reason"))
    assert out.splitlines() == [
        f"{path}:1: rejected_by: missing; a rejected paper says who rejected it and when",
        f"{path}:{line('upvotes:')}: upvotes: must not be negative, got -3",
        f"{path}:{line('tags:')}: tags[0]: 'KV cache!': a tag is letters, digits, spaces and - + . / # only",
        f"{path}:{line('colour:')}: colour: unknown field; known fields are: {known}",
        f"{path}:{line('rejected_on:')}: rejected_on: expected a whole date like 2025-03-06, got text '2026'",
    ]
    # what stops at the first problem (accept, the build) names the first in the file
    with pytest.raises(DataError, match=r"galore\.yaml:1: rejected_by: missing"):
        load_rejection(path)


def test_unknown_topics_dangling_references_and_missing_sources(seeded_store):
    edit_record(
        seeded_store,
        "fastattention",
        topics=["kernels", "quantum"],
        overrides={"compares_to": ["flashattention-2", "flashattention-9", "vLLM", "FlashAttention3"]},
    )
    edit_record(seeded_store, "cuda-l1", sources=[{"file": "sources/gone.txt", "line": 3}])
    edit_record(seeded_store, "galore", topics=["other", "offloading"])
    messages = [str(e) for e in check_store(seeded_store)]
    assert any("galore.yaml" in m and "topics: 'other' means in none of the other topics" in m for m in messages)
    messages = [m for m in messages if "galore.yaml" not in m]
    assert any("fastattention.yaml" in m and "topics: unknown topic 'quantum'" in m for m in messages)
    assert not any("'kernels'" in m for m in messages)
    # A system of the baseline catalogue is no paper, but a name compares_to may hold (an alias too).
    assert any(
        "overrides.compares_to: no paper with id 'flashattention-9' in the store, nor a system of baselines.yaml" in m
        for m in messages
    )
    assert any("cuda-l1.yaml" in m and "sources[0].file: sources/gone.txt is not a dump kept" in m for m in messages)
    assert len(messages) == 3


def test_every_problem_of_a_record_is_listed_not_only_the_first(seeded_store, capsys):
    """One run of check names each mistake of a record, with its line and field; whatever stops
    at a record's first problem (the build, accept) names the first in the file."""
    path = seeded_store / "papers" / "tempi.yaml"
    edits = [
        ("published: null", "published: 2020-02-30"),
        ("links: []", "links: [ftp://example.org/tempi]"),
        ("topics: [parallelism]", "topics: [paralelism]"),
        ("tags: []", 'tags: ["KV cache!", "<b>x</b>", "a/b"]'),
        ("metric: speedup", "metric: speed-up"),
    ]
    path.write_text(replaced(path.read_text(), edits))
    assert main(["check", "--data", str(seeded_store)]) == 1
    only = "letters, digits, spaces and - + . / # only"
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:3: published: no such date: 2020-02-30",
        f"{path}:7: links[0]: 'ftp://example.org/tempi' is not an http(s) address; "
        "links must start with https:// or http://",
        f"{path}:8: topics: unknown topic 'paralelism' (did you mean 'parallelism'?); "
        "topics are: hardware, kernels, offloading, other, parallelism, serving",
        f"{path}:9: tags[0]: 'KV cache!': a tag is {only}",
        f"{path}:9: tags[1]: '<b>x</b>': a tag is {only}",
        f"{path}:12: overrides.headline.metric: 'speed-up' is not a metric; metrics are: {', '.join(METRICS)}, or none",
    ]
    with pytest.raises(DataError, match=r"tempi\.yaml:3: published: no such date"):
        load_paper(path)


def test_the_listing_s_links_in_a_record_are_checked_as_its_links_are(seeded_store, capsys):
    path = seeded_store / "papers" / "tempi.yaml"
    edits = [("links: []", "links: []\ncode_repository: github.com/tempi/tempi\nproject_page: https://x.example/ a")]
    path.write_text(replaced(path.read_text(), edits))
    assert main(["check", "--data", str(seeded_store)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:8: code_repository: 'github.com/tempi/tempi' is not an http(s) address; "
        "links must start with https:// or http://",
        f"{path}:9: project_page: 'https://x.example/ a' holds whitespace or an invisible character, "
        "which no web address does; delete it",
    ]


def test_every_problem_inside_a_sighting_and_a_headline_is_listed(seeded_store, capsys):
    """Inside one `sources[i]` or one `overrides.headline`, check named the first problem only."""
    path = seeded_store / "papers" / "tempi.yaml"
    text = path.read_text()
    sighting = re.search(r"^- file: .*\n  line: \d+\n  date: .*$", text, re.MULTILINE)
    assert sighting, text
    broken = re.sub(r"line: \d+", "line: 0", sighting.group(0))
    broken = re.sub(r"date: .*", "date: 2020-02-30", broken)
    edits = [(sighting.group(0), broken), ("metric: speedup, value: 242000×", "metric: speed-up, value: [2, 3]")]
    path.write_text(replaced(text, edits))
    assert main(["check", "--data", str(seeded_store)]) == 1
    out = capsys.readouterr().out
    assert "sources[0].line:" in out and "sources[0].date: no such date: 2020-02-30" in out
    assert "overrides.headline.metric: 'speed-up' is not a metric" in out and "overrides.headline.value:" in out
    with pytest.raises(DataError, match=r"tempi\.yaml:12: overrides\.headline\.value"):
        load_paper(path)  # the build stops at the first, as before
    path.write_text(path.read_text().replace("metric: speed-up", "metric: [speedup]"))
    assert main(["check", "--data", str(seeded_store)]) == 1
    out = capsys.readouterr().out
    assert "overrides.headline.metric: expected text, got a list" in out and "is not a metric" not in out
    # A role misspelled and one role too many: both said (the headline's problems are line 12's).
    roles = "sentence_roles: [background, background, background,"
    path.write_text(path.read_text().replace(roles, "sentence_roles: [own, backgrund, background, background,"))
    assert main(["check", "--data", str(seeded_store)]) == 1
    out = capsys.readouterr().out
    assert "overrides.sentence_roles[1]: 'backgrund' is not a role" in out
    assert "overrides.sentence_roles: 12 roles for 11 sentences" in out


@pytest.mark.parametrize(
    "written, got, fix",
    [
        ("[memory, 65%]", "a list", "{metric: memory, value: 65%}"),
        (
            "[speedup, 2×, FlashAttention, A100]",
            "a list",
            "{metric: speedup, value: 2×, baseline: FlashAttention, hardware: A100}",
        ),
        ("[65%, memory]", "a list", "{metric: speedup, value: 2×} (metric and value required)"),
        ("2", "a whole number '2'", "{metric: speedup, value: 2×} (metric and value required)"),
    ],
)
def test_a_headline_neither_a_mapping_nor_a_text_is_told_both_forms(seeded_store, written, got, fix):
    # A curator's walkthrough: [memory, 65%] was told "expected text", though a mapping is the form documented.
    path = seeded_store / "papers" / "tempi.yaml"
    path.write_text(
        replaced(
            path.read_text(),
            [
                (
                    "headline: {metric: speedup, value: 242000×, baseline: MPI implementation, condition: MPI_Pack}",
                    f"headline: {written}",
                )
            ],
        )
    )
    assert [str(problem) for problem in check_store(seeded_store)] == [
        f"{path}:12: overrides.headline: expected a mapping {{metric, value, baseline, hardware, condition}} or a "
        f"text, got {got}; write {fix}, or the headline as text in quotes"
    ]


def test_a_record_that_is_no_yaml_gives_its_one_syntax_error(seeded_store):
    path = seeded_store / "papers" / "tempi.yaml"
    path.write_text(path.read_text().replace("published: null", "published: [2020-02-30") + "colour: 1\n")
    problems = [error for error in check_store(seeded_store) if error.path == str(path)]
    assert len(problems) == 1 and "YAML syntax error" in problems[0].message


def test_a_date_weeks_before_its_arxiv_id_is_noted_not_an_error(seeded_store):
    path = edit_record(seeded_store, "galore", arxiv_id="2403.03507", published="2024-03-06")
    notes: list = []
    assert check_store(seeded_store, notes) == []
    assert not [n for n in notes if n.field == "published"]  # the id's own month
    edit_record(seeded_store, "galore", published="2024-02-26")  # the last days of the month before
    notes = []
    check_store(seeded_store, notes)
    assert not [n for n in notes if n.field == "published"]
    edit_record(seeded_store, "galore", published="2024-01-15")
    notes = []
    assert check_store(seeded_store, notes) == []
    [note] = [n for n in notes if n.field == "published"]
    assert note.path == str(path) and "2024-01-15 is more than a week before 2024-03" in str(note)
    edit_record(seeded_store, "galore", notes="arXiv dates the first version 2024-01-15, announced in March.")
    notes = []
    check_store(seeded_store, notes)
    assert not [n for n in notes if n.field == "published"]  # a curator checked it and said so


def test_a_record_no_listing_shows_and_a_name_split_in_two_are_noted(seeded_store):
    path = edit_record(seeded_store, "galore", added="2024-03-07", authors=["Jiawei Zhao", "Zhenyu Zhang"])
    notes: list = []
    check_store(seeded_store, notes)
    assert not [n for n in notes if n.path == str(path) and n.field in ("added", "authors")]
    record = yaml.safe_load(path.read_text())
    del record["added"]
    record["authors"] = ["Jiawei Zhao", "Carl", "Putterman", "Zhenyu Zhang", "Beidi Chen"]
    path.write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True))
    notes = []
    assert check_store(seeded_store, notes) == []  # notes, not errors: the build renders it
    notes = [n for n in notes if n.path == str(path)]
    [added] = [n for n in notes if n.field == "added"]
    assert added.path == str(path) and "New and the feeds never list it" in str(added)
    [split] = [n for n in notes if n.field == "authors"]
    assert "'Carl' and 'Putterman' read as one name" in str(split) and split.line is not None


def test_curated_hardware_missing_from_the_catalogue_is_noted_with_the_nearest_names(seeded_store, capsys):
    """Hardware the catalogue lacks may be named (it shows without a page): a note, not an
    error, which catches a typo and names what the curator most likely meant."""
    path = edit_record(
        seeded_store,
        "galore",
        overrides={"tags": ["memory"], "hardware": ["A100", "A10O", "nvidia a100", "Quantum Annealer"]},
    )
    line = path.read_text().splitlines().index("  hardware:") + 1  # the line of hardware, not of overrides
    notes: list = []
    assert check_store(seeded_store, notes) == []
    shows = "is not a name in the hardware catalogue, so the paper shows it without a hardware page"
    assert [str(note) for note in notes if note.field == "overrides.hardware"] == [
        f"{path}:{line}: overrides.hardware: 'A10O' {shows}; did you mean 'A10' or 'A100'?",
        f"{path}:{line}: overrides.hardware: 'nvidia a100' {shows}; did you mean 'A100'?",
        f"{path}:{line}: overrides.hardware: 'Quantum Annealer' {shows}; add it to hardware.yaml if it should have one",
    ]
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert f"note: {path}:{line}: overrides.hardware: 'A10O'" in capsys.readouterr().err


def test_a_curators_tag_the_taxonomy_lacks_is_noted_with_the_nearest_tag(seeded_store, capsys):
    """A reader's audit: `tags: [trainng]` passed check as "all clean" and built a page and a feed
    of its own. A record may add a tag of its own, so it is a note, not an error, naming the tag
    most likely meant."""
    path = edit_record(
        seeded_store, "galore", tags=["trainng", "wafer scale"], overrides={"tags": ["memory", "Quantization"]}
    )
    lines = path.read_text().splitlines()
    notes: list = []
    assert check_store(seeded_store, notes) == []
    page = "is not a tag of taxonomy.yaml, so it gets a page of its own"
    assert [str(note) for note in notes if note.field in ("tags", "overrides.tags")] == [
        f"{path}:{lines.index('- trainng') + 1}: tags: 'trainng' {page}; did you mean 'training'?",
        f"{path}:{lines.index('- trainng') + 1}: tags: 'wafer scale' {page}; add it to the taxonomy's tags if other papers share it",
        f"{path}:{lines.index('  tags:') + 1}: overrides.tags: 'Quantization' {page}; did you mean 'quantization'?",
    ]
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert f"note: {path}:{lines.index('- trainng') + 1}: tags: 'trainng'" in capsys.readouterr().err


def test_a_date_after_its_arxiv_ids_month_is_noted_as_no_first_version(seeded_store):
    path = edit_record(seeded_store, "galore", arxiv_id="2403.03507", published="2024-03-31")
    notes: list = []
    assert check_store(seeded_store, notes) == []
    assert not [n for n in notes if n.field == "published"]  # the id's month, to its last day
    edit_record(seeded_store, "galore", published="2024-04-01")  # a listing's date, a later version's
    notes = []
    assert check_store(seeded_store, notes) == []
    [note] = [n for n in notes if n.field == "published"]
    assert note.path == str(path) and "2024-04-01 is after 2024-03" in str(note) and "year 2024" in str(note)
    edit_record(seeded_store, "galore", arxiv_id="2412.03507", published="2025-01-02")  # December's next month
    notes = []
    check_store(seeded_store, notes)
    assert [n for n in notes if n.field == "published" and "is after 2024-12" in str(n)]
