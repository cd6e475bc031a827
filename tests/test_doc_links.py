"""Every link between the repository's Markdown files leads somewhere: the file exists, and
a ``#fragment`` names a heading of it (GitHub's rule for heading anchors)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".git", ".ci-venv", ".venv", "node_modules", "build"}
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")


def heading_anchors(text: str) -> set[str]:
    """GitHub's anchors for the headings of ``text``: lower case, punctuation dropped but
    hyphens and underscores, each space a hyphen; a repeated anchor gets ``-1``, ``-2``…"""
    anchors: dict[str, int] = {}
    found = set()
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        match = None if in_code else _HEADING.match(line)
        if match:
            slug = re.sub(r"[^\w\- ]", "", match.group(2).lower()).replace(" ", "-")
            count = anchors.get(slug, 0)
            anchors[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def broken_links(root: Path) -> list[str]:
    """``file: target (why)`` for each relative link under ``root`` that leads nowhere."""
    problems = []
    for path in sorted(root.rglob("*.md")):
        if SKIPPED & set(path.relative_to(root).parts):
            continue
        for target in _LINK.findall(path.read_text(encoding="utf-8")):
            if re.match(r"^[a-z][a-z+.-]*:", target):
                continue  # https:, mailto: …
            file_part, _, fragment = target.partition("#")
            destination = (path.parent / file_part) if file_part else path
            if not destination.exists():
                problems.append(f"{path.relative_to(root)}: {target} (no such file)")
            elif (
                fragment
                and destination.suffix == ".md"
                and fragment not in heading_anchors(destination.read_text(encoding="utf-8"))
            ):
                problems.append(f"{path.relative_to(root)}: {target} (no such heading)")
    return problems


def test_every_link_between_the_documents_leads_somewhere():
    assert broken_links(ROOT) == []


def test_a_planted_broken_link_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# Title\n\n## A `--flag` here\n\n[ok](#a---flag-here) [self](a.md#title)\n")
    (tmp_path / "b.md").write_text("[gone](missing.md) [bad](a.md#nowhere) [web](https://example.org/x.md)\n")
    assert broken_links(tmp_path) == ["b.md: missing.md (no such file)", "b.md: a.md#nowhere (no such heading)"]
