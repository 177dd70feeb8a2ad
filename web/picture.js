// A picture of a board (pento_core.games.base): text rows where "." is an
// empty cell, a letter a cell covered by that piece, a space no cell. Drawn
// as an SVG element built node by node (never from markup), so saved or linked
// text can never inject anything.
import { colorOf } from "./views/paint.js";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> of ``rows`` fitting maxWidth x maxHeight CSS pixels; ``label`` is its text alternative ("" = decorative). */
export function pictureElement(rows, { maxWidth = 120, maxHeight = 80, label = "" } = {}) {
  const h = rows.length;
  const w = Math.max(1, ...rows.map((r) => r.length));
  const cell = Math.max(2, Math.min(maxWidth / w, maxHeight / Math.max(1, h), 14));
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(Math.round(w * cell)));
  svg.setAttribute("height", String(Math.round(h * cell)));
  svg.setAttribute("class", "picture");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else svg.setAttribute("aria-hidden", "true");
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === " " || ch === "#") return;
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", String(c));
      rect.setAttribute("y", String(r));
      rect.setAttribute("width", "1");
      rect.setAttribute("height", "1");
      rect.setAttribute("fill", ch === "." ? ((r + c) % 2 ? "#f4f1ea" : "#e6e0d2") : colorOf(ch));
      rect.setAttribute("stroke", ch === "." ? "#cfc8b8" : "#333");
      rect.setAttribute("stroke-width", "0.06");
      svg.append(rect);
    });
  });
  return svg;
}
