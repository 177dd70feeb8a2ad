// A picture of a board (pento_core.games.base): text rows where "." is an
// empty cell, a letter a cell covered by that piece, "*" a blocked cell (drawn dark), a space no cell. Drawn
// as an SVG element built node by node (never from markup), so saved or linked
// text can never inject anything.
import { ink } from "./theme.js";
import { colorOf } from "./paint.js";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> of ``rows`` fitting maxWidth x maxHeight CSS pixels; ``label`` is its text alternative ("" = decorative). */
export function pictureElement(rows, { maxWidth = 120, maxHeight = 80, label = "" } = {}) {
  const h = rows.length;
  const w = Math.max(1, ...rows.map((r) => r.length));
  const cell = Math.max(2, Math.min(maxWidth / w, maxHeight / Math.max(1, h), 14));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`);
  svg.setAttribute("width", String(Math.round(w * cell)));
  svg.setAttribute("height", String(Math.round(h * cell)));
  svg.setAttribute("class", "picture");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else svg.setAttribute("aria-hidden", "true");
  const colours = ink(); // the theme's, as the boards are drawn
  const at = (r, c) => (rows[r] && rows[r][c] && rows[r][c] !== "#" ? rows[r][c] : " ");
  /** A cell's colour, or null for no cell. */
  const fillOf = (/** @type {number} */ r, /** @type {number} */ c) => {
    const ch = at(r, c);
    if (ch === " ") return null;
    return ch === "." ? ((r + c) % 2 ? colours.cell : colours.cellAlt) : ch === "*" ? colours.blocked : colorOf(ch);
  };
  // One path per colour, a row's run of cells of that colour one rectangle in it: a start screen
  // shows dozens of pictures, and an element per cell made thousands of nodes for the page to keep
  // styled and laid out on every screen (3,558 on the start screen of 2026-11).
  /** @type {Map<string, string>} */
  const areas = new Map();
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; ) {
      const fill = fillOf(r, c);
      let end = c + 1;
      while (end < w && fill !== null && fillOf(r, end) === fill) end++;
      // a hair wider and taller (1.02): no seams between cells of one piece
      if (fill !== null) areas.set(fill, `${areas.get(fill) ?? ""}M${c} ${r}h${end - c + 0.02}v1.02h${c - end - 0.02}z`);
      c = end;
    }
  }
  for (const [fill, d] of areas) {
    const area = document.createElementNS(SVG, "path");
    area.setAttribute("d", d);
    area.setAttribute("fill", fill);
    svg.append(area);
  }
  // lines where two cells belong to different pieces (or one is off the board): pieces read as shapes
  let d = "";
  for (let r = 0; r <= h; r++) {
    for (let c = 0; c <= w; c++) {
      const here = at(r, c);
      if (here !== at(r - 1, c) && (here !== " " || at(r - 1, c) !== " ")) d += `M${c} ${r}h1`;
      if (here !== at(r, c - 1) && (here !== " " || at(r, c - 1) !== " ")) d += `M${c} ${r}v1`;
    }
  }
  const lines = document.createElementNS(SVG, "path");
  lines.setAttribute("d", d);
  lines.setAttribute("stroke", colours.outline);
  lines.setAttribute("stroke-width", "0.1");
  lines.setAttribute("stroke-linecap", "square");
  lines.setAttribute("fill", "none");
  svg.append(lines);
  return svg;
}
