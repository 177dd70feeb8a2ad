// A live lesson on a class server (issue 48, pento_class): the pupil's work on each puzzle is sent
// as it happens (a solve, a hint, the time every half minute), queued on this device while the
// network is down and sent again with its id, so the server counts it once and nothing is lost.
// The server checks every solution with the same core before it counts (docs/class-server.md).
import { loadLive, updateLive } from "../model/storage.js";
import { t } from "../ui/i18n.js";

/** Waits before sending again after a failure (no network, a busy server), longest last. */
const RETRY_MS = [2000, 5000, 15000, 30000];
/** @type {Set<string>} the lessons being sent now */
const sending = new Set();
/** @type {Map<string, number>} failures in a row, per lesson */
const failures = new Map();
/** @type {Set<() => void>} */
const listeners = new Set();

/**
 * One request to the class server, at the page's own address (the join screen's, the board's and
 * the work sent here): its reply, or null when the server cannot be reached (no network, stopped).
 * @param {string} path
 * @param {{token?: string, body?: unknown, signal?: AbortSignal}} [options] a body makes it a POST
 * @returns {Promise<Response | null>}
 */
export async function toServer(path, { token = "", body, signal } = {}) {
  try {
    return await fetch(new URL(path, document.baseURI), {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal && signal.aborted) throw err; // stopped by the page, not the network
    return null;
  }
}

/** What a player reads when :func:`toServer` found no server. */
export const noServer = () => t("There is no connection to the lesson's server. Check the network and try again.");

/** Call ``listener`` whenever a lesson's queue or state changes (the assignment screen's line). @param {() => void} listener */
export function onLiveChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

/** An id for one piece of work: random, and made where the page is not a secure context too (a
 * school's server at http://10.0.0.5/ has no crypto.randomUUID). */
function eventId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The work a game carries for its puzzle, as a result code and a live lesson carry it: of a game
 * in play or of its save, which hold the same fields.
 * @param {{solved: boolean, elapsed: number, hints?: number, assisted: boolean, history: string[], at: number}} game
 */
export function puzzleWork(game) {
  return {
    solved: game.solved,
    tenths: Math.round(game.elapsed * 10),
    hints: game.hints || 0,
    solves: game.assisted ? 1 : 0,
    state: game.solved ? game.history[game.at] : "",
  };
}

/** What is sent again only when it changed: solved, hints, solves, and the time in half minutes. @param {ReturnType<typeof puzzleWork>} w */
const signature = (w) => `${w.solved}|${w.hints}|${w.solves}|${Math.floor(w.tenths / 300)}`;

/**
 * A game of an assignment was saved (the mid-end's persist): where that assignment is a live
 * lesson on this device, queue its work when it says something new, and send.
 * @param {import("./app.js").Session} session
 * @param {number} elapsed the seconds played, the clock's current reading
 */
export function noteWork(session, elapsed) {
  const mine = session.assignment;
  if (!mine) return;
  const lesson = loadLive(mine.id);
  if (!lesson || lesson.ended) return;
  const work = puzzleWork({ ...session, elapsed });
  const mark = signature(work);
  if (lesson.sent[mine.index] === mark) return;
  updateLive(mine.id, (l) => {
    l.sent[mine.index] = mark;
    l.queue.push({ item: mine.index, event: eventId(), ...work });
  });
  changed();
  send(mine.id);
}

/** Where a lesson stands: its work waiting to be sent, and whether the teacher ended it. @param {string} id */
export function liveState(id) {
  const lesson = loadLive(id);
  return lesson ? { live: true, waiting: lesson.queue.length, ended: lesson.ended } : { live: false, waiting: 0, ended: false };
}

/** Send lesson ``id``'s queue in order, each piece once the one before is kept; on a failure, try
 * again later (and at once when the browser is back online). @param {string} id */
export async function send(id) {
  if (sending.has(id)) return;
  sending.add(id);
  try {
    for (;;) {
      const lesson = loadLive(id);
      if (!lesson || lesson.ended || !lesson.queue.length) return;
      const work = lesson.queue[0];
      const reply = await toServer("api/work", { token: lesson.token, body: work }); // null: kept, sent again later
      if (reply && (reply.status === 200 || reply.status === 400)) {
        // kept by the server (or one it can never take, which would hold up the rest: the game
        // itself stays saved on this device either way)
        updateLive(id, (l) => (l.queue = l.queue.filter((w) => w.event !== work.event)));
        failures.delete(id);
        changed();
        continue;
      }
      if (reply && (reply.status === 403 || reply.status === 401)) {
        updateLive(id, (l) => (l.ended = true)); // the lesson has ended: the work stays on this device
        changed();
        return;
      }
      const n = failures.get(id) || 0;
      failures.set(id, n + 1);
      setTimeout(() => send(id), RETRY_MS[Math.min(n, RETRY_MS.length - 1)]);
      return;
    }
  } finally {
    sending.delete(id);
  }
}

/** Start a joined lesson on this device (its token and name) for assignment ``id``. @param {string} id @param {string} token @param {string} name */
export function startLive(id, token, name) {
  updateLive(id, (l) => Object.assign(l, { token, name, ended: false }), { token, name, queue: [], sent: [], ended: false });
  changed();
}

/** Send every queued piece of work of ``ids`` (a page opened again, the network back). @param {string[]} ids */
export function sendAll(ids) {
  for (const id of ids) send(id);
}

// the network back: everything that failed is sent at once, not at its next try
addEventListener("online", () => {
  for (const id of failures.keys()) send(id);
});
