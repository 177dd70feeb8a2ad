"""The README and the docs: the README stays short, and every link in them leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_an_entrance_not_a_manual() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200
    assert "python3 build.py serve" in lines[lines.index("```sh") + 1]  # the two commands, first
    assert "python3 build.py test" in lines[lines.index("```sh") + 2]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_local_link_leads_to_a_file(page: Path) -> None:
    targets = [t for t in LINK.findall(page.read_text(encoding="utf-8")) if not re.match(r"[a-z]+:", t)]
    missing = [t for t in targets if not (page.parent / t.split("#")[0]).exists()]
    assert missing == [], f"{page.name} links to {missing}"


def test_every_doc_is_reached_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    unlinked = [p.name for p in PAGES[1:] if f"docs/{p.name}" not in readme]
    assert unlinked == []
