// A listing of every solution the core streams in (the API's solutions command), as both workshops
// run it: the flat one's tilings and the box workshop's fillings. The view says what the solutions
// are called; this module asks for them, keeps them, and says how the search stands.
import { formatNumber, t } from "../ui/i18n.js";

/**
 * @typedef {{ count: number, complete: boolean, elapsed: number, stopped?: boolean, new?: string[] }} Result
 * @typedef {{ solutions: string[], result: Result | null, key: string | null,
 *   reset: () => void, start: (args: object, key: string) => Promise<void> }} Listing
 */

/**
 * A listing: ``start(args, key)`` asks the core for the solutions ``args`` names (a new start
 * drops the answers of the last); ``solutions`` holds those come in, ``result`` the core's last
 * word (null while the search runs), ``key`` what they belong to. ``onFirst()`` is called when the
 * first solution arrives, ``onUpdate(running, count, elapsed, engines)`` as the search goes.
 * @returns {Listing}
 */
export function createListing(host, { onFirst, onUpdate }) {
  /** @type {Listing} */
  const listing = {
    solutions: [],
    result: null,
    key: null,
    reset() {
      listing.solutions = [];
      listing.result = null;
      listing.key = null;
    },
    async start(args, key) {
      listing.reset();
      listing.key = key;
      const mine = () => listing.key === key;
      const add = (found) => {
        const had = listing.solutions.length;
        listing.solutions.push(...(found || []));
        if (!had && listing.solutions.length) onFirst();
      };
      onUpdate(true, 0, 0, 1);
      const started = performance.now();
      try {
        const r = await host.request("solutions", args, {
          label: t("Searching"),
          spread: true, // a long listing is shared out over extra engines (Core.spread)
          onProgress: (p) => {
            if (!mine()) return;
            add(p.new);
            onUpdate(true, p.solutions, p.elapsed, p.engines);
          },
        });
        if (!mine()) return;
        listing.result = r;
        add(r.new);
      } catch (err) {
        if (!mine()) return;
        const elapsed = (performance.now() - started) / 1000;
        listing.result = { count: listing.solutions.length, complete: false, elapsed, stopped: err.code === "cancelled" };
        if (err.code !== "cancelled") host.status(err.message, "error");
      }
      onUpdate(false, listing.solutions.length, 0, 1);
    },
  };
  return listing;
}

/** What the status line says while a listing runs (the same words for every kind of solution). */
export function searchingText(count, elapsed, engines) {
  const sofar = { count: formatNumber(count), seconds: formatNumber(elapsed, 1), n: formatNumber(engines) };
  return engines > 1 ? t("Searching with {n} engines at once… {count} found so far ({seconds} s).", sofar) : t("Searching… {count} found so far ({seconds} s).", sofar);
}

/** Mark the found line with how the listing stands (running, done, stopped, idle) and its count:
 * what styles and tests read. */
export function markFound(found, running, listing, count) {
  const { result } = listing;
  found.dataset.state = running ? "running" : result ? (result.complete ? "done" : "stopped") : "idle";
  found.dataset.count = String(result ? result.count : count);
}
