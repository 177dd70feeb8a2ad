// Printable sheets: any puzzle on paper, in SVG measured in millimetres so that the pieces to cut
// out match the board. One layout fits both A4 and Letter (186 x 255 mm inside 12 mm margins).
// What is drawn comes from the core (the position's picture, the puzzle's info, the solution's
// moves, the QR code); how it is drawn is the style the game's backend declares (its print_style,
// in the catalog as `print`):
//   "tiles"   a board of cells (pictures: "." empty, "*" blocked, a letter a piece) and its pieces
//             (info.pieces) to cut out
//   "layers"  a box's layers side by side (pictures as "tiles"; no pieces to cut: they are solids)
//   "marks"   a grid whose letters are marks written in the cells
//   "holes"   a board of holes, letters pegs
//   "outline" a silhouette (info.outline and info.holes, points [x, y]) and its polygon pieces
//             (info.tans) to cut out; a solved view's `tans` are the pieces where they lie

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { colorOf } from "./paint.js";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 186; // mm of the common printable width of A4 and Letter
const BOARD_HEIGHT = 120; // mm at most for the board on the first page
const MAX_CELL = 14; // mm: pieces a pupil can cut and hold, and twelve pentominoes on one page

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** An <svg> ``w`` x ``h`` units drawn ``unit`` millimetres each. */
function sheetSvg(w, h, unit, label) {
  return svg("svg", { viewBox: `0 0 ${w} ${h}`, width: `${w * unit}mm`, height: `${h * unit}mm`, role: "img", "aria-label": label });
}

const cellsOf = (picture) =>
  picture.flatMap((row, r) => [...row].map((ch, c) => ({ r, c, ch })).filter((x) => x.ch !== " "));

/** Lines along the cells' edges: thick where the region changes (``regionOf``) or the board
ends, thin between cells of one region. */
function edges(cells, regionOf, thin, thick) {
  const at = new Map(cells.map((x) => [`${x.r},${x.c}`, x]));
  const lines = [];
  const line = (x1, y1, x2, y2, bold) =>
    lines.push(svg("line", { x1, y1, x2, y2, stroke: bold ? "#000" : "#666", "stroke-width": bold ? thick : thin, "stroke-linecap": "square" }));
  for (const x of cells) {
    const { r, c } = x;
    const up = at.get(`${r - 1},${c}`);
    const left = at.get(`${r},${c - 1}`);
    const down = at.get(`${r + 1},${c}`);
    const right = at.get(`${r},${c + 1}`);
    if (!up) line(c, r, c + 1, r, true);
    if (!left) line(c, r, c, r + 1, true);
    line(c, r + 1, c + 1, r + 1, !down || regionOf(down) !== regionOf(x)); // shared edges once, from above
    line(c + 1, r, c + 1, r + 1, !right || regionOf(right) !== regionOf(x));
  }
  return lines;
}

/** A board drawn from a picture in ``style``, cells ``unit`` mm. */
function boardSvg(picture, style, unit, label, finish = null) {
  const rows = picture.length;
  const cols = Math.max(...picture.map((r) => r.length));
  const m = 0.1; // room for the outer line
  const root = sheetSvg(cols + 2 * m, rows + 2 * m, unit, label);
  const g = svg("g", { transform: `translate(${m} ${m})` });
  const cells = cellsOf(picture);
  const tiled = style === "tiles" || style === "layers"; // pieces drawn in their colours, named once
  const named = new Set(); // a piece's letter once, in its first cell
  for (const x of cells) {
    const blocked = x.ch === "*";
    const piece = tiled && /[A-Za-z0-9]/.test(x.ch);
    g.append(svg("rect", { x: x.c, y: x.r, width: 1, height: 1, fill: blocked ? "#444" : piece ? colorOf(x.ch) : "#fff", "fill-opacity": piece ? 0.45 : 1 }));
    if (style === "holes") {
      const finishing = finish && finish[0] === x.r && finish[1] === x.c;
      if (finishing) g.append(svg("circle", { cx: x.c + 0.5, cy: x.r + 0.5, r: 0.36, fill: "none", stroke: "#000", "stroke-width": 0.04 }));
      g.append(svg("circle", { cx: x.c + 0.5, cy: x.r + 0.5, r: x.ch === "." ? 0.2 : 0.27, fill: x.ch === "." ? "#fff" : "#222", stroke: "#000", "stroke-width": 0.05 }));
    } else if (!blocked && x.ch !== "." && !(tiled && named.has(x.ch))) {
      named.add(x.ch);
      const size = style === "marks" ? 0.62 : 0.45;
      g.append(svg("text", { x: x.c + 0.5, y: x.r + 0.5 + size * 0.36, "font-size": size, "text-anchor": "middle", "font-family": "sans-serif", "font-weight": 700 }, [x.ch]));
    }
  }
  if (style !== "holes") g.append(...edges(cells, (x) => (tiled ? x.ch : "board"), 0.02, 0.07));
  root.append(g);
  return root;
}

/** The piece's orientation that lies flattest (fewest rows), its cells from 0. */
function flattest(orientations) {
  const rowsOf = (o) => Math.max(...o.map(([r]) => r)) + 1;
  return orientations.reduce((best, o) => (rowsOf(o) < rowsOf(best) ? o : best), orientations[0]);
}

/**
 * Every piece still to place, as many as the set has less those the board's ``picture`` already
 * shows (a level's pieces placed in advance), at the board's scale.
 */
function piecesToCut(info, unit, picture) {
  const out = [];
  const onBoard = new Map();
  for (const ch of picture.join("")) onBoard.set(ch, (onBoard.get(ch) || 0) + 1);
  for (const piece of info.pieces || []) {
    const cells = flattest(piece.orientations);
    const rows = Math.max(...cells.map(([r]) => r)) + 1;
    const cols = Math.max(...cells.map(([, c]) => c)) + 1;
    const placed = Math.floor((onBoard.get(piece.name) || 0) / cells.length);
    for (let i = placed; i < (piece.count || 1); i++) {
      const picture = Array.from({ length: rows }, () => Array(cols).fill(" "));
      for (const [r, c] of cells) picture[r][c] = piece.name;
      const one = boardSvg(picture.map((r) => r.join("")), "tiles", unit, t("piece {name}", { name: piece.name }));
      one.classList.add("print-piece");
      out.push(one);
    }
  }
  return out;
}

/** The bounding box of points [[x, y], ...]. */
function extent(points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** A polygon's points in SVG units: y downwards, from the figure's top left. */
const polyPoints = (points, minX, maxY) => points.map(([x, y]) => `${x - minX},${maxY - y}`).join(" ");

function outlineSvg(info, tans, unit, label) {
  const { minX, maxX, minY, maxY } = extent([info.outline, ...(info.holes || []), ...tans.map((tan) => tan.points)].flat());
  const w = maxX - minX;
  const h = maxY - minY;
  const root = sheetSvg(w + 0.2, h + 0.2, unit, label);
  const g = svg("g", { transform: "translate(0.1 0.1)" });
  const silhouette = [info.outline, ...(info.holes || [])].map((p) => "M" + polyPoints(p, minX, maxY).replaceAll(" ", " L") + "Z").join(" ");
  // the figure to make: its outline, lightly filled (25 copies of a solid black shape cost toner)
  g.append(svg("path", { d: silhouette, fill: tans.length ? "#eee" : "#ddd", "fill-rule": "evenodd", stroke: "#000", "stroke-width": tans.length ? 0.03 : 0.06 }));
  for (const tan of tans) g.append(svg("polygon", { points: polyPoints(tan.points, minX, maxY), fill: colorOf(tan.code || tan.text[0]), "fill-opacity": 0.5, stroke: "#000", "stroke-width": 0.04 }));
  root.append(g);
  return root;
}

/** The polygon pieces to cut out, at the silhouette's scale, each with its letter. */
function polygonsToCut(info, unit) {
  return info.tans.map((tan) => {
    const xs = tan.points.map(([x]) => x);
    const ys = tan.points.map(([, y]) => y);
    const w = Math.max(...xs) - Math.min(...xs);
    const h = Math.max(...ys) - Math.min(...ys);
    const one = sheetSvg(w + 0.1, h + 0.1, unit, t(tan.name));
    const pts = polyPoints(tan.points, Math.min(...xs) - 0.05, Math.max(...ys) + 0.05);
    const cx = xs.reduce((a, b) => a + b, 0) / xs.length - Math.min(...xs) + 0.05;
    const cy = Math.max(...ys) + 0.05 - ys.reduce((a, b) => a + b, 0) / ys.length;
    one.append(
      svg("polygon", { points: pts, fill: colorOf(tan.code), "fill-opacity": 0.35, stroke: "#000", "stroke-width": 0.03, "stroke-dasharray": "0.08 0.05" }),
      svg("text", { x: cx, y: cy + 0.1, "font-size": 0.28, "text-anchor": "middle", "font-family": "sans-serif" }, [tan.code]),
    );
    one.classList.add("print-piece");
    return one;
  });
}

function qrSvg(rows, label) {
  const n = rows.length + 8;
  const root = sheetSvg(n, n, 36 / n, label);
  let d = "";
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === "1") d += `M${c + 4} ${r + 4}h1v1h-1z`;
  });
  root.append(svg("rect", { width: n, height: n, fill: "#fff" }), svg("path", { d, fill: "#000", "shape-rendering": "crispEdges" }));
  return root;
}

/** Cell size in mm for a board of ``rows`` x ``cols`` on the first page. */
const cellMm = (rows, cols) => Math.min(MAX_CELL, WIDTH / (cols + 0.3), BOARD_HEIGHT / (rows + 0.3));

/**
 * Fill ``root`` with the sheets of a puzzle: its board (and the pieces or tans to cut out) with
 * the link as a QR code, and when ``solution`` is given ({picture, view, moves}: the solved position) a solution page.
 * ``sheet``: {title, goal, style, info, picture, link, qrRows}.
 */
export function buildSheets(root, sheet, solution = null) {
  const { pages, answer } = sheetPages(sheet, solution);
  root.replaceChildren(...pages, ...(answer ? [answer] : []));
}

/**
 * A worksheet of several puzzles: a first page with the assignment's ``title``, ``about`` and its
 * link as a QR code, then each puzzle's pages (``sheets``: {sheet, solution}), then, for those
 * given a solution, the answer pages.
 */
export function buildWorksheet(root, { title, about, link, qrRows }, sheets) {
  const first = el("section", { className: "print-page print-cover" }, [
    el("header", { className: "print-head" }, [
      el("div", {}, [el("h1", { textContent: title }), el("p", { textContent: about })]),
      el("figure", { className: "print-qr" }, [qrSvg(qrRows, link), el("figcaption", { textContent: t("Play it on a screen") })]),
    ]),
    el("ul", { className: "print-list" }, sheets.map(({ sheet }) => el("li", { textContent: sheet.title }))),
    el("p", { textContent: t("Name: ______________________________") }),
    el("p", { className: "print-link", textContent: link }),
  ]);
  const built = sheets.map(({ sheet, solution }) => sheetPages(sheet, solution));
  root.replaceChildren(first, ...built.flatMap((b) => b.pages), ...built.flatMap((b) => (b.answer ? [b.answer] : [])));
}

/** A puzzle's pages (its board, the pieces to cut out) and its answer page when ``solution`` is given. */
function sheetPages(sheet, solution) {
  const { title, goal, style, info, picture, link, qrRows } = sheet;
  const head = el("header", { className: "print-head" }, [
    el("div", {}, [el("h1", { textContent: title }), el("p", { textContent: goal })]),
    el("figure", { className: "print-qr" }, [qrSvg(qrRows, link), el("figcaption", { textContent: t("Play it on a screen") })]),
  ]);
  // a name line on every puzzle's sheet, not only the first page's: pages get separated
  const first = el("section", { className: "print-page" }, [head, el("p", { className: "print-name", textContent: t("Name: ______________________________") })]);
  let cut = null; // the page of pieces to cut out, for the games played with pieces
  if (style === "outline") {
    const box = extent([info.outline, ...info.tans.map((tan) => tan.points)].flat());
    const w = box.maxX - box.minX;
    const h = box.maxY - box.minY;
    const unit = Math.min(28, WIDTH / (w + 0.3), BOARD_HEIGHT / (h + 0.3));
    first.append(el("div", { className: "print-board" }, [outlineSvg(info, [], unit, `silhouette: ${title}`)]));
    cut = el("section", { className: "print-page" }, [el("h2", { textContent: t("Cut out the seven tans: {game}", { game: title }) }), el("div", { className: "print-pieces" }, polygonsToCut(info, unit))]);
  } else {
    const rows = picture.length;
    const cols = Math.max(...picture.map((r) => r.length));
    const unit = cellMm(rows, cols);
    first.append(el("div", { className: "print-board" }, [boardSvg(picture, style, unit, `board: ${title}`, info.finish || null)]));
    if (style === "layers") first.append(el("p", { className: "print-note", textContent: t("The box's layers side by side: the bottom layer on the left, the top layer on the right.") }));
    if (style === "tiles" && info.pieces) {
      cut = el("section", { className: "print-page" }, [el("h2", { textContent: t("Cut out the pieces: {game}", { game: title }) }), el("div", { className: "print-pieces" }, piecesToCut(info, unit, picture))]);
    }
  }
  first.append(el("p", { className: "print-link", textContent: link }));
  const pages = cut ? [first, cut] : [first];
  let answer = null;
  if (solution) {
    const page = el("section", { className: "print-page print-solution" }, [el("h1", { textContent: t("Solution: {game}", { game: title }) })]);
    if (style === "outline") {
      const box = extent([info.outline, ...solution.view.tans.map((tan) => tan.points)].flat());
      const w = box.maxX - box.minX;
      page.append(el("div", { className: "print-board" }, [outlineSvg(info, solution.view.tans, Math.min(28, WIDTH / (w + 0.3)), t("the solution"))]));
    } else {
      const rows = solution.picture.length;
      const cols = Math.max(...solution.picture.map((r) => r.length));
      page.append(el("div", { className: "print-board" }, [boardSvg(solution.picture, style, cellMm(rows, cols), t("the solution"), info.finish || null)]));
    }
    if (style === "holes") {
      page.append(
        el("h2", { textContent: t("The jumps, in order (row,column from the top left, counting from 0)") }),
        el("ol", { className: "print-moves" }, solution.moves.map((m) => el("li", { textContent: m.replace("-", " → ") }))),
      );
    }
    answer = page;
  }
  return { pages, answer };
}
