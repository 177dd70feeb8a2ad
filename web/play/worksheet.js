// Printing puzzles: one puzzle (the toolbar's Print) or an assignment's worksheet. What a sheet
// shows comes from the core (the start position, the solution, the QR code); print.js draws it.
import { app } from "./app.js";
import { t } from "../ui/i18n.js";
import { fragment, gameEntry, longRequest, pageBase, plain, solvable, status, titleOf } from "./page.js";
import { buildSheets, buildWorksheet } from "../ui/print.js";
import { SOLVE_SECONDS } from "./work.js";


/**
 * What the sheet of puzzle ``game``/``desc`` needs, and its solution when asked ({sheet, solution};
 * solution null when not asked; it throws when the solver finds none). ``title``: the sheet's
 * title, or a function of the puzzle's own (the engine's, in the page's language); ``opens``: the
 * link its QR code holds (the puzzle's own when not given).
 * @param {string} game
 * @param {string} desc
 * @param {string | ((own: string) => string)} title
 * @param {boolean} withSolution
 * @param {string | null} [opens]
 */
export async function puzzleSheet(game, desc, title, withSolution, opens = null) {
  const style = gameEntry(game).print;
  const start = await app.core.request("load", { game, desc, state: "" });
  if (typeof title === "function") title = title(titleOf(game, desc, start.info));
  const link = opens || pageBase() + fragment([game, desc, ""]);
  const { rows } = await app.core.request("qr", { text: link });
  let solution = null;
  if (withSolution && solvable(game, start.info)) {
    const found = await longRequest("solve", { game, desc, state: "", seconds: SOLVE_SECONDS }, { label: t("Solving for the solution page") });
    if (!found.found) throw { code: "no_solution", message: t("No solution page: {reason}", { reason: plain({ message: found.message }) }) };
    /** @type {import("../protocol").Snapshot} */
    let last = start;
    for (const move of found.moves) last = await app.core.request("move", { game, desc, state: last.state, move });
    solution = { picture: last.picture, view: last.view, moves: found.moves };
  }
  const goal = (start.info && start.info.goal) || gameEntry(game).description;
  return { sheet: { title, goal, style, info: start.info, picture: start.picture, link, qrRows: rows }, solution };
}

/** The sheets built: the page is printed (on A4 or Letter alike), the screen left as it was. */
function ready(message) {
  document.body.dataset.print = "ready";
  status(message);
  window.print();
}

/** Print the puzzle ``game``/``desc`` from its start, with a solution page when asked; nothing is
 * printed when ``wanted()`` says no once the sheet is ready (the player went elsewhere meanwhile). */
export async function printOne(game, desc, title, withSolution, wanted = () => true) {
  const { sheet, solution } = await puzzleSheet(game, desc, title, withSolution);
  if (!wanted()) return;
  buildSheets(document.getElementById("print-sheet"), sheet, solution);
  ready(withSolution ? t("The sheet and its solution page are ready to print.") : t("The sheet is ready to print."));
}

/**
 * An assignment's worksheet: a first page with its title and its link as a QR code, then every
 * puzzle on its own pages, titled in the page's language, its QR code opening the assignment (work
 * done there reaches the pupil's code; the puzzle's own link would not), then, when asked, the
 * answer sheets.
 */
export async function printAssignment(assignment, link, answers) {
  try {
    const sheets = [];
    for (const [k, item] of assignment.items.entries()) {
      // an answer sheet where Solve applies to the puzzle (puzzleSheet asks its info)
      sheets.push(await puzzleSheet(item.game, item.desc, (own) => `${k + 1}. ${own}`, answers, link));
    }
    const { rows } = await app.core.request("qr", { text: link });
    const about = assignment.help ? t("Hint and Solve are allowed.") : t("Hint and Solve are off.");
    buildWorksheet(document.getElementById("print-sheet"), { title: assignment.title || t("Assignment"), about, link, qrRows: rows }, sheets);
    ready(answers ? t("The worksheet and its answer sheets are ready to print.") : t("The worksheet is ready to print."));
  } catch (err) {
    status(err.code === "cancelled" ? t("Printing stopped.") : plain(err), "error");
  }
}
