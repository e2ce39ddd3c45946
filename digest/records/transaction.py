"""The one way to write into the store: a lock, staged files, a journal, atomic renames.

Every writer goes through `transaction(data_dir)`; a writer that reads the store to decide what
to write (ingest) holds `store_lock(data_dir)` around the reading and the transaction both.

- The lock is an exclusive `flock` on the data folder itself. The kernel drops it when the
  process ends, however it ends, so there is no stale lock file to clean up, and none that a
  curator could delete while a run holds it. A second writer waits for the first, and says so.
- Each file is staged in a `.staging-*` folder inside the data folder: the store is untouched.
- The commit checks that every target folder can be written and that no target changed since
  it was read, flushes the staged files to disk, then writes a journal naming every move: the
  journal's rename into place is the commit point. Then each staged file is renamed onto its
  target, in the order it was written (a writer writes what others cite first: dump copies
  before the records that name them, so every prefix of the moves is a store `check` accepts),
  and the staging folder goes. Ctrl-C and SIGTERM wait until the moves are done.
- Whoever takes the lock next finishes what a killed writer left: a staging folder with no
  journal was never committed and is deleted; one with a journal is rolled forward (each move
  is a rename, so redoing those not yet done is safe).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..errors import DataError, Interrupted, UsageError, WriteError
from .disk import flush_staged, fsync_folder, signals_held, target_folders

log = logging.getLogger("digest")

STAGING_PREFIX = ".staging-"
JOURNAL = "journal.json"
_CHUNK = 1 << 20
_REMOVE = ""  # a journal's move with no staged file removes its target


@dataclass(frozen=True)
class Stamp:
    """A file as a writer saw it when it read it: a write expecting it fails if it changed since."""

    mtime_ns: int
    size: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> Stamp | None:
        """The file's stamp, or None when there is no file."""
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None
        return cls(info.st_mtime_ns, info.st_size, info.st_ino)


ANYTHING = Stamp(-1, -1, -1)  # expect=ANYTHING (the default): replace whatever is there


@dataclass(frozen=True)
class _Move:
    staged: str  # a file name in the staging folder
    target: str  # a path under the data folder, with /
    expect: Stamp | None = ANYTHING  # None: the target must not exist yet


# ----------------------------------------------------------------------------- the lock


@dataclass
class _Held:
    written: bool = False  # a transaction under this hold has committed


_HELD: dict[str, _Held] = {}  # real path of a data folder -> this process's hold on its lock
_COMMITS: Counter[str] = Counter()  # real path of a data folder -> the changes this process made to it


def commits(data_dir: Path) -> int:
    """How many changes this process has written to the store: a command of several (a replay's
    weeks) stopped part-way tells by it what it wrote."""
    return _COMMITS[os.path.realpath(data_dir)]


@contextmanager
def store_lock(data_dir: Path) -> Iterator[None]:
    """Hold the store's writer lock: wait for another writer, then finish what an interrupted
    one left. Re-entrant within a process. Ctrl-C inside becomes an `Interrupted` that says
    whether anything was written."""
    key = os.path.realpath(data_dir)
    if key in _HELD:  # held already, further out: that hold releases it
        yield
        return
    folder = _open_folder(data_dir)
    try:
        try:
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning(
                f"{data_dir}: another digest command is writing to this store; "
                "waiting for it to finish (Ctrl-C stops this one)"
            )
            fcntl.flock(folder, fcntl.LOCK_EX)
        _HELD[key] = _Held()
        finish_interrupted(data_dir)
        yield
    except KeyboardInterrupt as interrupt:
        if isinstance(interrupt, Interrupted):
            raise
        written = key in _HELD and _HELD[key].written
        raise Interrupted(
            f"every change was written to {data_dir} before it stopped"
            if written
            else f"nothing was written to {data_dir}"
        ) from None
    finally:
        _HELD.pop(key, None)
        os.close(folder)  # closing the descriptor releases the lock


def writer_active(data_dir: Path) -> bool:
    """Whether some process holds the store's writer lock right now."""
    folder = _open_folder(data_dir)
    try:
        fcntl.flock(folder, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(folder)
    return False


def _open_folder(data_dir: Path) -> int:
    try:
        return os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
    except (FileNotFoundError, NotADirectoryError):
        raise UsageError(f"{data_dir}: no such folder; a store is a folder holding papers/ and sources/") from None
    except OSError as error:
        raise WriteError(f"{data_dir}: cannot open the store ({error.strerror})") from None


# ----------------------------------------------------------------------------- the transaction


class Transaction:
    """The files of one change of the store, staged, then moved into place together by `commit`."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        try:
            self.stage = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=data_dir))
        except OSError as error:
            raise WriteError(
                f"{data_dir}: cannot write into the store ({error.strerror}); nothing was written"
            ) from None
        self.moves: list[_Move] = []
        self.committed = False  # the journal is written: the change will be made, now or by the next writer
        self.done = False  # every move made

    def write_text(self, target: Path, text: str, *, expect: Stamp | None = ANYTHING) -> None:
        self.write_bytes(target, text.encode("utf-8"), expect=expect)

    def write_bytes(self, target: Path, data: bytes, *, expect: Stamp | None = ANYTHING) -> None:
        """Stage `data` for `target`. `expect`: the target's stamp when it was read (the write
        fails if it changed since), None for a file that must not exist yet."""
        with self._staged(target, expect) as handle:
            handle.write(data)

    def copy_file(self, source: Path, target: Path, sha256: str, *, expect: Stamp | None = ANYTHING) -> None:
        """Stage a copy of `source`, which must still hold the bytes whose sha256 is given."""
        digest = hashlib.sha256()
        with open(source, "rb") as original, self._staged(target, expect) as handle:
            while chunk := original.read(_CHUNK):
                digest.update(chunk)
                handle.write(chunk)
        if digest.hexdigest() != sha256:
            raise DataError(
                source,
                None,
                None,
                "changed while it was being ingested; nothing was written: "
                "run the ingest again once the file is complete",
            )

    def remove(self, target: Path, *, expect: Stamp | None = ANYTHING) -> None:
        """Stage the removal of `target` (a record that moves elsewhere, as `digest reject` does)."""
        self.moves.append(_Move(_REMOVE, self._relative(target), expect))

    def commit(self) -> None:
        if not self.moves:
            return
        self._check_targets()
        try:
            flush_staged(
                [os.path.join(self.stage, move.staged) for move in self.moves if move.staged != _REMOVE], self.stage
            )
        except OSError as error:
            raise WriteError(
                f"{self.data_dir}: cannot write the change to disk ({error.strerror}); nothing was written"
            ) from None
        with signals_held():
            _write_journal(self.stage, self.moves, self.data_dir)
            self.committed = True
            _apply(self.data_dir, self.stage, [(move.staged, move.target) for move in self.moves])
            self.done = True
            _COMMITS[os.path.realpath(self.data_dir)] += 1
            if (held := _HELD.get(os.path.realpath(self.data_dir))) is not None:
                held.written = True

    def close(self) -> None:
        """Drop the staged files, unless a committed change still needs them to be finished."""
        if not self.committed:
            shutil.rmtree(self.stage, ignore_errors=True)

    def _relative(self, target: Path) -> str:
        path, root = os.path.abspath(target), os.path.join(os.path.abspath(self.data_dir), "")
        if not path.startswith(root) or path[len(root) :].startswith(STAGING_PREFIX):
            raise ValueError(f"{target} is not a file of the store {self.data_dir}")
        return path[len(root) :]

    @contextmanager
    def _staged(self, target: Path, expect: Stamp | None) -> Iterator[BinaryIO]:
        relative = self._relative(target)
        staged = f"{len(self.moves)}{os.path.splitext(relative)[1]}"
        try:
            with open(os.path.join(self.stage, staged), "xb") as handle:
                yield handle
        except OSError as error:
            raise WriteError(
                f"{self.data_dir}: cannot stage {relative} ({error.strerror}); nothing was written"
            ) from None
        self.moves.append(_Move(staged, relative, expect))

    def _check_targets(self) -> None:
        """Before the commit point: every target folder takes a new file, and no target changed
        since its writer read it. What fails here fails with nothing written."""
        for folder in target_folders(self.data_dir, [move.target for move in self.moves]):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                handle, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
                os.close(handle)
                os.unlink(probe)
            except OSError as error:
                raise WriteError(
                    f"{folder}: cannot write here ({error.strerror}); nothing was written: "
                    "make the folder writable and run the command again"
                ) from None
        for move in self.moves:
            target = self.data_dir / move.target
            if os.path.isdir(target):
                raise WriteError(
                    f"{target}: is a folder where a file belongs; nothing was written: "
                    "move the folder away and run the command again"
                )
            if move.expect is not ANYTHING and Stamp.of(target) != move.expect:
                happened = "was created" if move.expect is None else "changed"
                raise WriteError(
                    f"{target}: {happened} by someone else while this run was working; "
                    "nothing was written: run the command again"
                )


@contextmanager
def transaction(data_dir: Path) -> Iterator[Transaction]:
    """`with transaction(data) as tx: tx.write_text(path, text)`: takes the store's lock, commits
    when the block ends cleanly, and changes nothing otherwise."""
    with store_lock(data_dir):
        tx = Transaction(data_dir)
        try:
            yield tx
            tx.commit()
        finally:
            tx.close()


# ----------------------------------------------------------------------------- the journal


def _write_journal(stage: Path, moves: list[_Move], data_dir: Path) -> None:
    temporary = stage / f"{JOURNAL}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"version": 1, "moves": [[move.staged, move.target] for move in moves]}, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, stage / JOURNAL)
        fsync_folder(stage)
    except OSError as error:
        (stage / JOURNAL).unlink(missing_ok=True)
        raise WriteError(f"{data_dir}: cannot write the journal ({error.strerror}); nothing was written") from None


def _apply(data_dir: Path, stage: Path, moves: list[tuple[str, str]]) -> None:
    """Make every move of a committed journal, skipping those made already; then drop it."""
    done = 0
    folders = target_folders(data_dir, [target for _, target in moves])
    try:
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
        for staged, target in moves:
            if staged == _REMOVE:
                Path(data_dir, target).unlink(missing_ok=True)  # gone already, if the stopped run did it
                done += 1
                continue
            try:
                os.replace(os.path.join(stage, staged), os.path.join(data_dir, target))
            except FileNotFoundError:
                if os.path.exists(os.path.join(stage, staged)):
                    raise
                # moved already, by the run that was stopped
            done += 1
        for folder in folders:
            fsync_folder(folder)
        (stage / JOURNAL).unlink()
    except OSError as error:
        raise WriteError(
            f"{data_dir}: the write stopped after {done} of {len(moves)} files ({error.strerror}); "
            "the store is consistent: fix the cause, then any `digest ingest` finishes the write "
            "first"
        ) from None
    shutil.rmtree(stage, ignore_errors=True)


def finish_interrupted(data_dir: Path) -> None:
    """Roll forward what a stopped writer committed; delete what it staged and never committed.
    Only for the holder of the lock."""
    for stage in sorted(data_dir.glob(STAGING_PREFIX + "*")):
        if not stage.is_dir():
            continue
        if (stage / JOURNAL).is_file():
            moves = _read_journal(stage, data_dir)
            with signals_held():
                _apply(data_dir, stage, moves)
            log.warning(f"{stage}: finished the write of a run that was stopped halfway ({len(moves)} files)")
        else:
            shutil.rmtree(stage, ignore_errors=True)
            log.info(f"{stage}: removed, left by a run that was stopped before it wrote anything")


def _read_journal(stage: Path, data_dir: Path) -> list[tuple[str, str]]:
    journal = stage / JOURNAL
    try:
        moves = json.loads(journal.read_text(encoding="utf-8"))["moves"]
        pairs = [(str(staged), str(target)) for staged, target in moves]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise WriteError(
            f"{journal}: not a journal the digest wrote ({error}); move {stage} out of the store, "
            "then run `digest check`"
        ) from None
    for staged, target in pairs:
        parts = Path(target).parts
        if "/" in staged or not parts or Path(target).is_absolute() or ".." in parts:
            raise WriteError(
                f"{journal}: names {target!r}, which is not a file of the store; move {stage} out "
                "of the store, then run `digest check`"
            )
    return pairs


def unfinished_writes(data_dir: Path) -> list[str]:
    """What `digest check` says about staging folders: a writer at work, or what a stopped one left."""
    stages = [stage for stage in sorted(data_dir.glob(STAGING_PREFIX + "*")) if stage.is_dir()]
    if not stages:
        return []
    if writer_active(data_dir):
        return [f"{data_dir}: a digest command is writing to the store right now; check again when it is done"]
    return [
        f"{stage}: a run was stopped after committing a write and before finishing it; the store is "
        "consistent, and the next `digest ingest` finishes the write"
        if (stage / JOURNAL).is_file()
        else f"{stage}: left by a run that was stopped before it wrote anything; the next `digest ingest` "
        "removes it (or delete it)"
        for stage in stages
    ]
