"""The store's record files as a git revision holds them, beside the working tree's: what `digest
changes` compares. Files are matched by their blob ids, so only the records that differ are read
from git, and a record not committed yet (a fetch's new file) counts as the working tree's."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

DEFAULT_BASE = "origin/main"  # what a pull request is usually merged into


@dataclass(frozen=True)
class GitStore:
    """The repository holding a store, and the store's folder in it ("data/")."""

    top: Path
    prefix: str

    @classmethod
    def of(cls, data_dir: Path) -> GitStore:
        found = _git(data_dir, "rev-parse", "--show-toplevel", "--show-prefix", what=f"{data_dir}: no git repository")
        top, prefix = [*found.splitlines(), ""][:2]
        return cls(Path(top), prefix)

    def revision(self, since: str | None) -> str:
        """The commit `since` names, or by default the merge base of HEAD and origin/main: where
        a branch left the main line, so that what main gained since is not counted as the branch's."""
        if since is None:
            return _git(
                self.top,
                "merge-base",
                "HEAD",
                DEFAULT_BASE,
                what=f"no merge base of HEAD and {DEFAULT_BASE} in {self.top}: name the revision to compare "
                "with, --since REV (a branch, tag or commit)",
            ).strip()
        if since.startswith("-"):  # an option, not a revision: git would read it as one
            raise UsageError(f"--since {since!r}: not a revision of {self.top}")
        return _git(
            self.top,
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            f"{since}^{{commit}}",
            what=f"--since {since!r}: not a revision of {self.top} (a branch, tag or commit)",
        ).strip()

    def blobs(self, commit: str, folder: str) -> dict[str, str]:
        """Each `*.yaml` file of `folder` (papers, rejected) at `commit`: its name and blob id."""
        listed = _git(self.top, "ls-tree", "-z", commit, "--", f"{self.prefix}{folder}/", what=f"{commit}: cannot list")
        found = {}
        for entry in filter(None, listed.split("\0")):
            meta, path = entry.split("\t", 1)
            kind, blob = meta.split()[1:3]
            name = path.rsplit("/", 1)[-1]
            if kind == "blob" and name.endswith(".yaml"):
                found[name] = blob
        return found

    def read(self, blobs: list[str]) -> dict[str, str]:
        """The text of each blob, read by one `git cat-file --batch`."""
        if not blobs:
            return {}
        result = subprocess.run(
            ["git", "cat-file", "--batch"],
            cwd=self.top,
            input="".join(f"{blob}\n" for blob in blobs).encode(),
            capture_output=True,
            check=True,
        )
        texts, out, at = {}, result.stdout, 0
        for blob in blobs:
            header_end = out.index(b"\n", at)
            size = int(out[at:header_end].split()[2])
            texts[blob] = out[header_end + 1 : header_end + 1 + size].decode("utf-8", errors="replace")
            at = header_end + 1 + size + 1  # the content, then a newline
        return texts

    def same_blob(self, blob: str, path: Path) -> bool:
        """The working file holds the blob's bytes (git's object id of its content, sha1 or sha256)."""
        data = path.read_bytes()
        digest = hashlib.sha1 if len(blob) == 40 else hashlib.sha256  # git's object id, not a secret
        return digest(b"blob %d\0" % len(data) + data).hexdigest() == blob


def _git(cwd: Path, *args: str, what: str) -> str:
    if shutil.which("git") is None:
        raise UsageError("git is not installed: `digest changes` reads the store's history with it")
    if not cwd.is_dir():
        raise UsageError(f"{cwd}: no such folder")
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        said = result.stderr.strip().splitlines()
        raise UsageError(what + (f" (git: {said[-1]})" if said else ""))
    return result.stdout
