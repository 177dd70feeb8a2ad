// The teacher's live board (issue 48, a class server: docs/class-server.md): a lesson started from
// an assignment, its PIN and join address for the class, and every pupil's work on each puzzle as
// it arrives (the server's event stream: each change read again from its results). A reload finds
// the lesson again (its token is kept on this device); "Hide the names" is for the projector.
import { byId, el, saveFile } from "../ui/dom.js";
import { t, tn } from "../ui/i18n.js";
import { leaveGame, showScreen } from "../play/midend.js";
import { assignHash, formatTime, status, text } from "../play/page.js";
import { showQr } from "../play/race.js";
import { noServer, toServer } from "../play/live.js";
import { app } from "../play/app.js";
import { csvText } from "../model/csv.js";
import { loadBoard, loadMade, saveBoard } from "../model/storage.js";

const $ = byId;
/** Waits before following the stream again once it broke (a server restarted, the network down). */
const AGAIN_MS = 2000;

/** @type {{stop: boolean, abort: AbortController} | null} the stream being followed */
let following = null;
/** @type {any[]} the rows last read */
let rows = [];
let hideNames = false;

/** The class server's reply to ``path`` with the teacher's ``token``, or an Error saying why. */
async function ask(path, token, body = undefined) {
  const reply = await toServer(path, { token, body });
  if (!reply) throw new Error(noServer());
  const answer = await reply.json().catch(() => ({}));
  if (!reply.ok) throw Object.assign(new Error(t("The lesson's server said no: {reason}", { reason: String(answer.error || reply.status) })), { status: reply.status });
  return answer;
}

function showError(message) {
  text($("board-error"), message);
  $("board-error").hidden = !message;
}

/** The board: the lesson kept on this device, else the form that starts one. */
export function openBoard() {
  leaveGame();
  showScreen("board");
  text($("game-title"), "");
  document.title = t("Live lesson — Pento");
  showError("");
  status("");
  const board = loadBoard();
  if (board) return follow(board);
  drawStart();
}

function drawStart() {
  stopFollowing();
  $("board-start").hidden = false;
  $("board-live").hidden = true;
  const made = loadMade();
  const select = /** @type {HTMLSelectElement} */ ($("board-made"));
  select.replaceChildren(
    el("option", { value: "", textContent: made.length ? t("Choose an assignment") : t("No assignment made on this device yet") }),
    ...made.map((m, k) => el("option", { value: String(k), textContent: m.assignment.title || t("Assignment") })),
  );
  const form = /** @type {HTMLFormElement} */ ($("board-start"));
  form.onsubmit = async (event) => {
    event.preventDefault();
    const pasted = /** @type {HTMLInputElement} */ ($("board-link")).value.trim();
    const chosen = select.value ? made[Number(select.value)] : null;
    const link = pasted ? pasted.slice(pasted.indexOf("#")) : chosen ? assignHash(chosen.assignment) : "";
    if (!link) return showError(t("Choose an assignment, or paste a link."));
    showError("");
    try {
      const started = await ask("api/sessions", "", { assignment: link });
      const about = await ask(`api/sessions/${started.session}`, started.teacher_token);
      const board = { session: started.session, pin: started.pin, token: started.teacher_token, assignment: about.assignment };
      saveBoard(board);
      follow(board);
    } catch (err) {
      showError(String(/** @type {Error} */ (err).message));
    }
  };
}

function stopFollowing() {
  if (following) {
    following.stop = true;
    following.abort.abort();
  }
  following = null;
}

/** Show ``board``'s lesson and follow its changes until it ends or the teacher leaves the board. @param {import("../model/storage.js").Board} board */
async function follow(board) {
  stopFollowing();
  $("board-start").hidden = true;
  $("board-live").hidden = false;
  $("board-new").hidden = true;
  $("board-end").hidden = false;
  const { assignment } = board;
  text($("board-about"), assignment.title || t("Assignment"));
  text($("board-pin"), board.pin);
  const joinAt = new URL("join", document.baseURI).href;
  text($("board-address"), t("Pupils open {address} and type the PIN.", { address: joinAt }));
  showQr(app.core, $("board-qr"), `${new URL(document.baseURI).origin}${new URL(document.baseURI).pathname}#join:${board.pin}`, 220).catch(() => {});
  /** @type {HTMLButtonElement} */ ($("board-projector")).onclick = () => {
    hideNames = !hideNames;
    $("board-projector").setAttribute("aria-pressed", String(hideNames));
    draw(board);
  };
  $("board-csv").onclick = () => saveFile(new Blob([csvFile(board)], { type: "text/csv" }), `${(assignment.title || t("lesson")).replace(/[^\p{L}\p{N}]+/gu, "-")}.csv`);
  $("board-end").onclick = async () => {
    try {
      await ask(`api/sessions/${board.session}/end`, board.token, {});
      ended(board);
    } catch (err) {
      showError(String(/** @type {Error} */ (err).message));
    }
  };
  $("board-new").onclick = () => {
    saveBoard(null);
    drawStart();
  };
  const mine = { stop: false, abort: new AbortController() };
  following = mine;
  while (!mine.stop) {
    try {
      const about = await ask(`api/sessions/${board.session}`, board.token);
      await refresh(board);
      if (about.ended) return ended(board);
      text($("board-state"), t("Live: each pupil's work appears as they play."));
      const reply = await toServer(`api/sessions/${board.session}/events`, { token: board.token, signal: mine.abort.signal });
      if (!reply) throw new Error(noServer());
      if (reply.status === 401 || reply.status === 403) throw Object.assign(new Error("refused"), { status: reply.status });
      const reader = /** @type {ReadableStream<Uint8Array>} */ (reply.body).getReader();
      const decoder = new TextDecoder();
      let pending = "";
      let first = true;
      for (;;) {
        const { done, value } = await reader.read();
        if (done || mine.stop) break;
        if (first) {
          // The server sends its first line once this stream is registered: work kept before that
          // came in no event (a pupil who solved while the board was reconnecting), so read it now.
          first = false;
          refreshSoon(board);
        }
        pending += decoder.decode(value, { stream: true });
        const lines = pending.split("\n");
        pending = /** @type {string} */ (lines.pop());
        const changes = lines.filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)));
        if (changes.some((c) => c.type === "end")) return ended(board);
        if (changes.length) refreshSoon(board);
      }
    } catch (err) {
      if (mine.stop) return;
      if (/** @type {any} */ (err).status === 403 || /** @type {any} */ (err).status === 404) {
        saveBoard(null); // a lesson the server no longer has (deleted after its days), or not this teacher's
        drawStart();
        showError(t("That lesson is no longer on the server."));
        return;
      }
    }
    if (mine.stop) return;
    text($("board-state"), t("The connection to the server was lost: trying again…"));
    await new Promise((resolve) => setTimeout(resolve, AGAIN_MS));
  }
}

/** @param {import("../model/storage.js").Board} board */
function ended(board) {
  stopFollowing();
  text($("board-state"), t("The lesson has ended: pupils can no longer join or send work."));
  $("board-end").hidden = true;
  $("board-new").hidden = false;
  refresh(board).catch(() => {});
}

/** @type {Promise<void> | null} a reading of the results under way */
let reading = null;
let readAgain = false;

/** Read the results again soon: at once, or once the reading under way is done (a class's burst of
 * work is one or two readings, not one each). @param {import("../model/storage.js").Board} board */
async function refreshSoon(board) {
  if (reading) {
    readAgain = true;
    return;
  }
  reading = (async () => {
    do {
      readAgain = false;
      await refresh(board).catch(() => {}); // the stream's next change, or its reconnection, reads again
    } while (readAgain);
  })();
  try {
    await reading;
  } finally {
    reading = null;
  }
}

/** @param {import("../model/storage.js").Board} board */
async function refresh(board) {
  rows = (await ask(`api/sessions/${board.session}/results`, board.token)).rows;
  draw(board);
}

/** What a pupil's cell says: solved and its time, or the time so far, and the hints. @param {any} cell */
function cellText(cell) {
  if (!cell.solved && !cell.tenths) return "";
  const time = formatTime(cell.tenths / 10);
  const done = cell.solved ? t("✓ {time}", { time }) : t("… {time}", { time });
  const hints = tn("{n} hint", "{n} hints", cell.hints);
  return cell.hints ? done + " · " + hints : done;
}

/** @param {import("../model/storage.js").Board} board */
function draw(board) {
  const table = /** @type {HTMLTableElement} */ ($("board-table"));
  const n = board.assignment.items.length;
  const head = el("tr", {}, [el("th", { scope: "col", textContent: t("Pupil") }), ...board.assignment.items.map((_, k) => el("th", { scope: "col", textContent: t("Puzzle {n}", { n: k + 1 }) }))]);
  const body = rows.map((row, i) =>
    el("tr", {}, [
      el("th", { scope: "row", textContent: hideNames ? t("Pupil {n}", { n: i + 1 }) : row.name }),
      ...row.items.map((/** @type {any} */ cell) => {
        const td = el("td", { textContent: cellText(cell) });
        td.dataset.solved = cell.solved ? "yes" : "no";
        return td;
      }),
    ]),
  );
  table.replaceChildren(el("caption", { textContent: tn("{n} pupil has joined.", "{n} pupils have joined.", rows.length) }), el("thead", {}, [head]), el("tbody", {}, body));
  const solvedAll = rows.filter((row) => row.items.every((/** @type {any} */ c) => c.solved)).length;
  if (n > 1 && rows.length) table.caption?.append(" " + tn("{n} has solved every puzzle.", "{n} have solved every puzzle.", solvedAll));
}

/** The board as a spreadsheet: a row per pupil, for each puzzle solved, time, hints, solves. @param {import("../model/storage.js").Board} board */
function csvFile(board) {
  const head = [t("Pupil")];
  board.assignment.items.forEach((_, k) => head.push(...[t("Puzzle {n}: solved", { n: k + 1 }), t("Puzzle {n}: seconds", { n: k + 1 }), t("Puzzle {n}: hints", { n: k + 1 }), t("Puzzle {n}: solves", { n: k + 1 })]));
  const body = rows.map((row) => [row.name, ...row.items.flatMap((/** @type {any} */ c) => [c.solved ? t("yes") : t("no"), String(c.tenths / 10), String(c.hints), String(c.solves)])]);
  return csvText([head, ...body]);
}
