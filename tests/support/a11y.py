"""Accessibility for the browser tests: axe-core's verdict on a screen, and the controls a finger
cannot hit (under 44 px)."""

from __future__ import annotations

import json
from typing import Any

import build

AXE = build.axe_source()


RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}"""


def assert_clean(page: Any, screen: str) -> None:
    found = violations(page)
    assert not found, f"{screen}: {json.dumps(found, indent=1)}"


# Every control a finger can touch: buttons, fields, links, summaries, and a check box by its label
# (the label is what a finger hits).  A board (a canvas) is measured by its cells, elsewhere.
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'button, input, select, textarea, a[href], summary, [role=button], [tabindex="0"],'
    + 'label:has(input[type=checkbox]), label:has(input[type=radio])')]
  .filter(e => e.tagName !== 'CANVAS' && !(e.type === 'checkbox' && e.closest('label')))
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                 && getComputedStyle(e).visibility !== 'hidden'; })
  .map(e => { const r = e.getBoundingClientRect();
              const words = (e.textContent || e.value || e.ariaLabel || '').trim().slice(0, 24);
              return {what: e.tagName + (e.id ? '#' + e.id : '') + ' ' + words,
                      w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(c => c.w < 44 || c.h < 44)"""


# Every visible control of the game's view that is not wholly in sight: off the screen, or cut off by
# a part of the page that scrolls (a column of tools taller than the screen).
CONTROLS_OUT_OF_SIGHT = """() => [...document.querySelectorAll(
    '#view button, #view input, #view select, #view label:has(input)')]
  .filter(e => !(e.tagName === 'INPUT' && e.closest('label')))
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                 && getComputedStyle(e).visibility !== 'hidden'; })
  .filter(e => { const r = e.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) return true;
    for (let p = e.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = p.getBoundingClientRect();
      if (r.top < q.top - 1 || r.bottom > q.bottom + 1 || r.left < q.left - 1 || r.right > q.right + 1) return true;
    }
    return false; })
  .map(e => (e.textContent || e.ariaLabel || e.tagName).trim().slice(0, 24))"""


def controls_out_of_sight(page: Any) -> list[str]:
    return list(page.evaluate(CONTROLS_OUT_OF_SIGHT))


def small_controls(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(SMALL_CONTROLS))


def violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE + "\n;0")
    return list(page.evaluate(RUN))
