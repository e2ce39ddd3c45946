"""`digest check`: every record valid, and the store consistent as a whole."""

from __future__ import annotations

from pathlib import Path

from .errors import DataError
from .store import SOURCES_DIR, load_all
from .taxonomy import load_taxonomy, topic_names
from .text import title_key

TAXONOMY_FILE = "taxonomy.yaml"


def check_store(data_dir: Path) -> list[DataError]:
    """All problems found, in file order; an empty list means the store is clean."""
    loaded, errors = load_all(data_dir)
    ids = {item.paper.id for item in loaded}
    known_topics = _known_topics(data_dir, errors)
    seen_titles: dict[str, Path] = {}
    for item in loaded:
        paper, path, lines = item.paper, item.path, item.lines
        key = title_key(paper.title)
        if key in seen_titles:
            errors.append(DataError(path, lines.get("title"), "title",
                                    f"same paper as {seen_titles[key].name}: merge the two records into one"))
        seen_titles.setdefault(key, path)
        if known_topics is not None:
            for topic in paper.topics:
                if topic not in known_topics:
                    errors.append(DataError(path, lines.get("topics"), "topics",
                                            f"unknown topic {topic!r}; topics are: {', '.join(sorted(known_topics))}"))
        for target in paper.overrides.get("compares_to", []):
            if target not in ids:
                errors.append(DataError(path, lines.get("overrides"), "overrides.compares_to",
                                        f"no paper with id {target!r} in the store"))
        for index, source in enumerate(paper.sources):
            if not (data_dir / source.file).is_file() or not source.file.startswith(SOURCES_DIR + "/"):
                errors.append(DataError(path, lines.get("sources"), f"sources[{index}].file",
                                        f"{source.file} is not a dump kept under {data_dir / SOURCES_DIR}"))
    return errors


def _known_topics(data_dir: Path, errors: list[DataError]) -> set[str] | None:
    """Topic slugs of the taxonomy, or None while the store has no taxonomy yet."""
    path = data_dir / TAXONOMY_FILE
    if not path.exists():
        return None
    try:
        return topic_names(load_taxonomy(path))
    except DataError as exc:
        errors.append(exc)
        return None
