// The core's home: boots Pyodide, installs pento_core, answers requests.
// Protocol (pento_core.api): in {id, cmd, args}; out {type: "response", id, ok, result | error}.
// Also posted: {type: "loading", loaded, total, phase} while booting (bytes of the
// runtime, the standard library and the core), {type: "ready", hello}, {type: "progress", id, progress},
// {type: "fatal", message}, {type: "alive"} once it holds its life's lock (below), and {type: "kept",
// after, modules, compiled, dataclasses} once a full boot's memory snapshot is stored (after answering
// ``after`` requests; the rest as "ready"'s boot report, then).
// @ts-expect-error -- the runtime is unpacked beside web/ by build.py (dist/pyodide/), not checked here
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { APART, ASSETS, CORE, PACKED, PYODIDE_LOCK, SIZES, UNPACKED_SHA256 } from "../config.js";
import { findSnapshot, forgetCopies, forgetSnapshot, keepOffline as keptOffline, keepSnapshot, readCopy, unpackKeepingCopy } from "./kept.js";
import { pack, unpack } from "./snapshot_pack.js";

const base = new URL("../../", import.meta.url); // the site's root: web/engine/ is two folders down
let api = null;
let python = null; // the engine's Pyodide, once it has started

// What the page gives this engine, in its name (core.js): its language, its life's lock, and
// whether it keeps its downloads in the offline cache.
const given = new URLSearchParams(self.name);

// This worker's life, told to the page the moment it ends, however it ends (an uncaught error,
// self.close(), the runtime aborting): the worker holds a Web Lock named by the page for as long
// as it lives, and the page asks for the same lock, which it gets only once the worker is gone.
// Without Web Locks (an insecure address) the page's watchdog notices a silent engine, later.
const life = given.get("life");
if (life && self.navigator.locks) {
  self.navigator.locks
    .request(life, () => {
      postMessage({ type: "alive" });
      return new Promise(() => {}); // held until the worker ends
    })
    .catch(() => {});
}

// Count the bytes of every download against the sizes build.py wrote, so the
// page can show a real progress bar while some 6 MB arrive.
const total = Object.values(SIZES).reduce((sum, n) => sum + n, 0);
let loaded = 0;
let started = false;
let lastReport = 0;
let trailing = null;
/** Tell the page how far the download is: at most every 100 ms, and always the latest figure; nothing
 * once the engine is ready (a file fetched later, apart, is no part of the start). */
function report(phase, force = false) {
  if (started) return;
  const now = performance.now();
  clearTimeout(trailing);
  if (!force && now - lastReport < 100) {
    trailing = setTimeout(() => report(phase, true), 100);
    return;
  }
  lastReport = now;
  postMessage({ type: "loading", loaded: Math.min(loaded, total), total, phase });
}
// On a page that keeps an offline cache ("offline" in the name: its service worker registers once
// this engine is ready), each of the build's files this engine downloads goes into that cache as
// it comes, so the service worker's install finds it there instead of downloading it again.  A
// guest profile's browser cache does not keep the 9.6 MB runtime: the install fetched it again.
const offline = given.get("offline") === "1" && "caches" in self;
const buildFiles = new Set(ASSETS.map((a) => new URL(a, base).href));
/** @type {Promise<unknown>[]} */
const keeping = [];
/** Put ``response`` (a copy) in the offline cache under ``url`` unless it holds it already. */
function keepOffline(url, response) {
  keeping.push(keptOffline(url, response));
}
// The runtime (its WebAssembly and its JavaScript), the standard library and the core come packed
// with xz (build.py: 18 MB -> 4.8 MB from any host; gzip, all the browser unpacks itself, made 6.5)
// and are unpacked here as they stream in (unxz.js): Pyodide gets a response of the file itself,
// and compiles the WebAssembly while it arrives.  The unpacked files are kept (Cache Storage,
// kept.js) for this engine's next start, which then neither downloads nor unpacks them.
// The core's data files that only some puzzles read (APART) come packed the same way, apart from it.
const packedFiles = new Set([...PACKED, ...APART].map((f) => new URL(f, base).href));
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", zip: "application/zip" };
const SUFFIX = ".xz";
/** The packed files this start took from the copies kept by an earlier one (a start that tries
 * twice, after a refused snapshot, takes each again: counted once).
 * @type {Set<string>} */
const copied = new Set();
const realFetch = self.fetch.bind(self);

// Python starts once the runtime's WebAssembly and the standard library are here; the core is
// needed only after that, to be imported.  So on a first visit the core is asked for as those two
// are nearly in (their last tenth of a second on this connection), not at once: they have the whole
// connection until then, and the core's 0.4 MB come while Python starts (at 8 Mbit/s about 0.25 s
// sooner playable).  Asked for then, not after: Python's start holds this thread, which would
// then not even send the request until it is over.  Once Python is up the core is asked for anyway.
const PYTHON_FIRST = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"].map((f) => new URL(f, base).href);
const NEARLY_SECONDS = 0.1;
const NEARLY_BYTES = 64 * 1024;
/** @type {Map<string, () => void>} */
const nearlyHere = new Map();
const pythonFilesNearlyHere = Promise.all(PYTHON_FIRST.map((url) => new Promise((resolve) => nearlyHere.set(url, () => resolve(url)))));

/** Why a start failed, where the worker can tell (the page says it in the player's words): a file an
 * earlier start kept was damaged, or a download failed or came cut short. */
class StartFailed extends Error {
  /** @param {"damaged" | "download"} why @param {string} message */
  constructor(why, message) {
    super(message);
    this.why = why;
  }
}
/** What ``err`` says: its message, or itself as text (an error with none, or a thrown non-Error). */
const messageOf = (/** @type {unknown} */ err) => (err instanceof Error && err.message ? err.message : String(err));

/** Whether a download of this start failed or was cut short: a start that then fails is put down to
 * the connection. */
let downloadFailed = false;

// Pyodide asks for a file it needs (the standard library) as it starts, but reads the answer only
// once its WebAssembly is up: where the start fails before that (the WebAssembly refused too), the
// refused request's rejection is left unread, and the browser would log it as an uncaught error.
// The start's failure is told to the page on its own (below); that rejection tells nothing more.
self.addEventListener("unhandledrejection", (event) => {
  const reason = event.reason;
  if (reason instanceof Error && reason.message.startsWith("Failed to load '")) event.preventDefault();
});

/** Fetch ``input`` (``url`` in full), counting its bytes as they come over the wire for the
 * loading bar, and keeping it for offline play where it is one of the build's files.  ``nearly``
 * is called once: when the bytes still to come would take NEARLY_SECONDS at this download's rate
 * (``size``, its bytes in all, known), or when it is over, failed or not. */
async function fetchCounted(input, init, url, nearly = () => {}, size = 0) {
  let told = false;
  const tell = () => {
    if (!told) nearly();
    told = true;
  };
  const response = await realFetch(input, init).catch((err) => {
    tell();
    downloadFailed = true;
    throw err;
  });
  if (!response.ok || !response.body) {
    tell();
    downloadFailed ||= !response.ok;
    return response;
  }
  if (offline && buildFiles.has(url)) keepOffline(url, response);
  // Count a copy's bytes, so that the caller gets the browser's own response.
  const reader = response.clone().body.getReader();
  const since = performance.now();
  let got = 0;
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      loaded += value.byteLength;
      got += value.byteLength;
      const rate = got / Math.max(1, performance.now() - since); // bytes a millisecond
      if (size && size - got <= Math.max(NEARLY_BYTES, rate * 1000 * NEARLY_SECONDS)) tell();
      report("download");
    }
  })()
    .catch(() => (downloadFailed = true)) // cut off on its way
    .finally(tell);
  return response;
}

/** The compiled unpacker (web/vendor/unxz.wasm, 12 KB), fetched once, the first time it is needed. */
let unpacker = null;
function unpackerModule() {
  unpacker ??= fetch(new URL("web/vendor/unxz.wasm", base)).then(async (response) => {
    if (!response.ok) throw new StartFailed("download", `could not fetch the unpacker (HTTP ${response.status})`);
    return WebAssembly.compile(await response.arrayBuffer());
  });
  return unpacker;
}

/** The SHA-256 (hex) of the standard library's kept copy, where this start took it (checkKeptLibrary).
 * @type {Promise<string> | undefined} */
let keptLibrary;

/** ``copy``, the unpacked copy of ``url`` an earlier start kept, counted as this start's download.
 * @param {string} url @param {Response} copy */
function takenFromCopy(url, copy) {
  if (url === PYTHON_FIRST[1] && self.crypto?.subtle) {
    // some 4 MB hashed by the browser off this thread, while Pyodide restores its snapshot
    keptLibrary = copy
      .clone()
      .arrayBuffer()
      .then((bytes) => crypto.subtle.digest("SHA-256", bytes))
      .then((hash) => Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join(""));
    keptLibrary.catch(() => {}); // awaited (and its failure said) by checkKeptLibrary
  }
  copied.add(url);
  loaded += SIZES[url.slice(base.href.length) + SUFFIX] || 0;
  report("download");
  nearlyHere.get(url)?.();
  return copy;
}

/** What this worker asked for before Pyodide did (PYTHON_FIRST, as the worker starts: below), by
 * address: handed to Pyodide's own request for it, once.
 * @type {Map<string, Promise<Response>>} */
const askedEarly = new Map();

self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, base).href;
  const early = askedEarly.get(url);
  if (early) {
    askedEarly.delete(url);
    return early;
  }
  if (!packedFiles.has(url)) return fetchCounted(input, init, url);
  const copy = await readCopy(url);
  if (copy) return takenFromCopy(url, copy);
  const packed = url.slice(base.href.length) + SUFFIX;
  const response = await fetchCounted(url + SUFFIX, init, url + SUFFIX, () => nearlyHere.get(url)?.(), SIZES[packed]);
  if (!response.ok || !response.body) return response;
  // a host that gzips what it sends has had the browser undo that already: these are xz bytes
  const type = TYPES[/** @type {keyof typeof TYPES} */ (url.split(".").pop())] || "application/octet-stream";
  const { unpacked, whole } = await unpackKeepingCopy(url, response.body, await unpackerModule(), type);
  whole.then((ok) => (downloadFailed ||= !ok)); // a start that fails then is put down to the connection
  return unpacked;
};

/** Pyodide's JavaScript, fetched packed (1.25 MB -> 0.21 MB) and imported from its unpacked copy; or
 * undefined where this worker's security policy refuses to import a blob: URL (a host following an
 * older docs/hosting.md), and Pyodide then imports the file as it is, which works everywhere. */
async function runtimeModule() {
  const response = await fetch(new URL("pyodide/pyodide.asm.mjs", base));
  if (!response.ok) return undefined; // Pyodide tries the file itself, and says what failed
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
}

// How the core's modules were loaded: how many so far, and how many of them were compiled from
// source (none, when the build made bytecode: the page then has no sources at all); and how many of
// the core's dataclasses found their methods compiled by the build (null: no such build).
const BOOT_REPORT = `
import importlib.util, sys
def _from_source(module):
    if str(module.__spec__.origin).endswith(".pyc"):
        return False  # bytecode with no source beside it
    try:
        with open(module.__spec__.cached, "rb") as f:
            pyc = f.read(16)
        with open(module.__spec__.origin, "rb") as f:
            return pyc[8:16] != importlib.util.source_hash(f.read())
    except (OSError, TypeError, AttributeError):
        return True
_core = [m for n, m in list(sys.modules.items()) if n == "pento_core" or n.startswith("pento_core.")]
try:
    import pento_page_boot
except ImportError:
    _dataclasses = "null"
else:
    _dataclasses = pento_page_boot.counts()  # JSON
{"modules": len(_core), "compiled": sum(map(_from_source, _core)), "dataclasses": _dataclasses}
`;

/** BOOT_REPORT run in a namespace of its own, as a plain object. */
function bootReport(pyodide) {
  const scope = pyodide.globals.get("dict")();
  const report = pyodide.runPython(BOOT_REPORT, { globals: scope });
  try {
    const got = report.toJs({ dict_converter: Object.fromEntries });
    return { ...got, dataclasses: JSON.parse(got.dataclasses) };
  } finally {
    report.destroy();
    scope.destroy();
  }
}

// A snapshot holds its own boot report (the modules in its memory, and how they were loaded at the
// full boot that made it), written into Python's globals as it is taken: a restored engine reads it
// back rather than walking its modules again (some 15 ms of a return visit's start).
const KEPT_REPORT = "_pento_boot_report";

/** The boot report of a restored engine: the one its snapshot holds (computed afresh for a snapshot
 * made before snapshots held one). */
function restoredReport(pyodide) {
  const kept = pyodide.globals.get(KEPT_REPORT);
  return typeof kept === "string" ? JSON.parse(kept) : bootReport(pyodide);
}

// A memory snapshot of this engine, taken on this device once its first full boot is over and it
// has had nothing to do for a moment (the runtime started, the core and every game imported) and
// kept there (kept.js: a file of the origin's private file system): a later boot restores it
// instead of starting Python and importing the core again (docs/architecture.md says what it
// saves).  One snapshot per build of the site: its name names the build, a new build's snapshot
// replaces the old ones, and Pyodide itself refuses a snapshot of another runtime (its build id),
// which is then forgotten and the engine boots in full.
// Making it costs memory once (a copy of the engine's 31 MB, and its packed 15 MB).
// Set afresh after a restore: the snapshot froze the state of Python's random module (Python's
// string-hash secret cannot be changed under live dicts; it stays this device's own, drawn when
// the snapshot was made).
const AFTER_RESTORE = "import random; random.seed()";

/** A restored engine's check of the standard library, where it came from a copy an earlier start
 * kept (kept.js): such an engine reads the library only when it first imports a module its snapshot
 * does not hold (a language's catalogue, say), and a damaged copy failed there, every time, long
 * after the engine said it was ready.  A copy that is not byte for byte the build's (its SHA-256,
 * taken off this thread while the snapshot is restored: see takenFromCopy) now fails the start,
 * which forgets the copies. */
async function checkKeptLibrary() {
  if (!keptLibrary) return;
  const digest = await keptLibrary.catch(() => "unreadable");
  const expected = UNPACKED_SHA256[PYTHON_FIRST[1].slice(base.href.length)];
  if (digest !== expected) throw new StartFailed("damaged", "its standard library is not the one this site has");
}

// What an engine does once it has had nothing to do for a moment (IDLE_MS since "ready" or its
// last answer), so that no request waits for it: on a first visit the page asks for its puzzle the
// moment the engine is ready.  It imports every game's module (the engine starts with the core
// alone and imports a game when the game is first asked for: some 0.2 s sooner ready on a phone's
// first visit), one game at a time, letting any request that came meanwhile go first (so a request
// waits at most for one game's import); then, after a full boot, it takes the snapshot, packs it
// (some 40 ms of this thread) and stores it, and tells the page ("kept").  A page closed sooner
// keeps no snapshot; its next visit makes one.  The snapshot then holds what the first requests
// left in the core's caches: so that a first visit's long search never makes every later start
// restore a large memory, none is taken once the memory has grown past SNAPSHOT_GROWTH times its
// size at "ready".
const IDLE_MS = 500;
const SNAPSHOT_GROWTH = 1.25;
/** @type {string[] | null} the games whose modules are still to import (null: not asked yet) */
let unimported = null;
/** @type {number | null} the memory's size at "ready", on a full boot whose snapshot is still to take */
let snapshotDue = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let idleTimer;
let answered = 0; // requests answered so far (the page's tests read it from "kept")
/** (Re)start the wait for a moment with nothing to do, then do what waits for one. */
function whenIdle() {
  clearTimeout(idleTimer);
  if (unimported?.length === 0 && snapshotDue === null) return;
  idleTimer = setTimeout(idleStep, IDLE_MS);
}

/** One step of what waits for a moment with nothing to do: one game imported, or the snapshot. */
async function idleStep() {
  unimported ??= JSON.parse(python.runPython("import json, pento_core.registry\njson.dumps(pento_core.registry.GAMES.unmade())"));
  const game = unimported.shift();
  if (game !== undefined) {
    try {
      python.runPython(`pento_core.registry.GAMES[${JSON.stringify(game)}]\nNone`); // the game made, nothing handed back
    } catch {
      // a game whose module cannot be imported says so in its own answers, when it is asked for
    }
    idleTimer = setTimeout(idleStep, 0); // a request that came meanwhile goes first (and waits on)
    return;
  }
  const due = snapshotDue;
  snapshotDue = null;
  if (due === null || python._module.HEAP8.length > due * SNAPSHOT_GROWTH) return;
  let packed = null;
  const report = bootReport(python);
  python.globals.set(KEPT_REPORT, JSON.stringify(report)); // in the snapshot, for the engines it starts
  try {
    packed = pack(python.makeMemorySnapshot()); // its pages of zeros left out
  } catch {
    return; // nothing kept: the next engine boots in full, as this one did
  }
  if (await keepSnapshot(packed)) postMessage({ type: "kept", after: answered, ...report });
}

// The core's data files that the build ships apart (config.js's APART, pento_core.resources): none is
// fetched as the engine starts; the first request that reads one gets the error "resource", and then
// all of them are fetched (unpacked, their copies kept as the runtime's are), put where the core looks
// for them, and the request is asked again.  Offline, the service worker's cache has them.
const APART_DIR = "/lib/pento-apart";
let provided = null;
function provideApart(pyodide) {
  provided ??= (async () => {
    for (const file of APART) {
      const response = await fetch(new URL(file, base));
      if (!response.ok) throw new Error(`could not fetch ${file} (HTTP ${response.status})`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const inside = `${APART_DIR}/${file.slice(file.indexOf("/") + 1)}`; // its path in the core's package
      pyodide.FS.mkdirTree(inside.slice(0, inside.lastIndexOf("/")));
      pyodide.FS.writeFile(inside, bytes);
    }
  })();
  provided.catch(() => {
    provided = null; // the next request that needs them tries again
  });
  return provided;
}

// On a first visit the core's 0.45 MB come in while Python starts, which holds this thread: unpacked
// here, its bytes waited for Python to be up (0.08-0.13 s at 8 Mbit/s, docs/benchmarks.md).  So where
// it is downloaded, a worker of its own (unpack_worker.js), started as this one starts (its modules
// then load while the big files come), fetches and unpacks it, keeps what this worker would keep,
// and hands the bytes over, which this thread takes once Python is up.  Where no worker can be
// started here, or it fails, the core comes as before, through this worker's fetch.
const CORE_URL = new URL(CORE, base).href;
/** Where the core's bytes came from: "copy" (an earlier start's), "apart" (unpack_worker.js) or "here". */
let coreFrom = "here";

/** Where the core will come from: the unpacked ``copy`` an earlier start kept, or the worker that
 * will unpack it (``apart``), or neither where none can start (then this worker's fetch).
 * @returns {Promise<{copy?: Response, apart?: Worker}>} */
async function coreSource() {
  const copy = await readCopy(CORE_URL);
  if (copy) return { copy };
  try {
    return { apart: new Worker(new URL("./unpack_worker.js", import.meta.url), { type: "module" }) };
  } catch {
    return {}; // no worker in a worker here, or a policy refusing it
  }
}

/** The core's bytes: from its copy, or unpacked apart where that worker started, else through this
 * worker's fetch. */
async function coreBytes(source) {
  const { copy, apart } = await source;
  if (copy) {
    coreFrom = "copy";
    return takenFromCopy(CORE_URL, copy).arrayBuffer();
  }
  if (apart) {
    const packed = CORE_URL + SUFFIX;
    const got = await new Promise((resolve) => {
      apart.onmessage = (event) => resolve(event.data);
      apart.onerror = (event) => {
        event.preventDefault();
        resolve({ ok: false });
      };
      unpackerModule().then(
        (unpacker) => apart.postMessage({ url: CORE_URL, packed, type: TYPES.zip, offline: offline && buildFiles.has(packed), unpacker }),
        () => resolve({ ok: false }),
      );
    });
    if (got.ok) {
      coreFrom = "apart";
      loaded += SIZES[CORE + SUFFIX] || 0;
      return got.bytes;
    }
    apart.terminate();
  }
  const response = await fetch(CORE_URL);
  if (!response.ok) throw new StartFailed("download", `could not fetch ${CORE} (HTTP ${response.status})`);
  return response.arrayBuffer().catch((err) => {
    throw new StartFailed("download", messageOf(err)); // cut short on its way
  });
}

// The core, as the build packed it (its modules' bytecode, or without Node their sources), goes on
// sys.path as one zip, as the standard library does: one file written, not some 170 unpacked by
// Python (0.1 s of every start). A restored engine needs it too: its memory holds the imported
// modules and the zip's directory as read then (the same bytes: a snapshot is its build's), not
// the files a later import reads.
const CORE_ZIP = "/lib/pento_core.zip";

// The core imported with its dataclasses' methods compiled by the build (scripts/pento_page_boot.py,
// in the core's zip): about half of the import's time otherwise; the games' modules, imported later
// (pento_core.registry), get theirs too.  Where the build had no Node to compile the page's Python
// (the core's zip is then its wheel) every dataclass compiles its methods as it is made.
const IMPORT_CORE = `
try:
    import pento_page_boot
except ImportError:
    pass
else:
    pento_page_boot.install(${JSON.stringify(CORE_ZIP)})
import pento_core.api
`;

function install(pyodide, core) {
  pyodide.FS.writeFile(CORE_ZIP, new Uint8Array(core));
  pyodide.runPython(`import sys\nif ${JSON.stringify(CORE_ZIP)} not in sys.path: sys.path.insert(0, ${JSON.stringify(CORE_ZIP)})`);
  pyodide.runPython(`import pento_core.resources\npento_core.resources.provide_in(${JSON.stringify(APART_DIR)})`);
}

// Pyodide (314.0.7) tells of a runtime whose WebAssembly does not compile only by a console warning,
// and its start then waits for ever: a damaged unpacked copy of it (kept.js) held every later start
// of the engine at "loading".  So the worker watches the runtime's instantiation itself (Pyodide's is
// the only module it instantiates from a response), and such a start fails, as any other does.
/** ``start()``, failing as soon as the WebAssembly it instantiates from a response does not compile.
 * @template T
 * @param {() => Promise<T>} start
 * @returns {Promise<T>} */
async function failingOnCompileError(start) {
  const instantiate = WebAssembly.instantiateStreaming;
  /** @type {(err: Error) => void} */
  let fail = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => {}); // told through the race below, or too late to matter (the start failed already)
  WebAssembly.instantiateStreaming = (source, imports) => {
    const result = instantiate.call(WebAssembly, source, imports);
    // the runtime's WebAssembly came from a copy an earlier start kept (damaged), or over the network
    const why = copied.has(PYTHON_FIRST[0]) ? "damaged" : "download";
    result.catch((err) => fail(new StartFailed(why, `its program could not be read (${messageOf(err)})`)));
    return result;
  };
  try {
    return await Promise.race([start(), failed]);
  } finally {
    WebAssembly.instantiateStreaming = instantiate;
  }
}

const ready = (async () => {
  report("download", true);
  // Python's two files, the bulk of a first visit, are asked for as this worker starts, not once
  // Pyodide's JavaScript is unpacked and imported and asks for them itself: on a first visit the
  // connection then carried little else for some 0.5 s (a phone at 8 Mbit/s, bench/bench_wire.py).
  for (const url of PYTHON_FIRST) {
    const response = self.fetch(url);
    response.catch(() => {}); // a failed download fails Pyodide's own request, which reports it
    askedEarly.set(url, response);
  }
  const indexURL = new URL("pyodide/", base).href;
  /** @type {() => void} */
  let pythonUp = () => {};
  const pythonStarted = new Promise((resolve) => (pythonUp = () => resolve(null)));
  // The core comes while Python starts (PYTHON_FIRST, above), unpacked apart where it is downloaded.
  const source = coreSource();
  const core = Promise.race([pythonFilesNearlyHere, pythonStarted]).then(() => coreBytes(source));
  core.catch(() => {}); // handled below, once Pyodide is up; not an unhandled rejection meanwhile
  const runtime = runtimeModule(); // while the snapshot is looked for
  runtime.catch(() => {}); // handled where it is awaited, below
  let pyodide = null;
  let restored = false;
  const stored = await findSnapshot();
  // unpacked (a damaged one rejects: a full boot then replaces it) as a promise, as Pyodide takes it
  const snapshot = stored && Promise.resolve(stored).then(unpack);
  snapshot?.catch(() => {}); // a damaged one: handled where Pyodide awaits it, below
  const createPyodideModule = await runtime;
  // Pyodide is given its lock file (no packages: the runtime's description alone), not left to ask
  // the host for it at every start
  const options = { indexURL, createPyodideModule, lockFileContents: PYODIDE_LOCK };
  if (snapshot) {
    // another runtime's snapshot or a damaged one is refused here: forgotten, and a full boot
    pyodide = await failingOnCompileError(() => loadPyodide({ ...options, _loadSnapshot: snapshot })).catch(() => null);
    if (pyodide) {
      pythonUp();
      await checkKeptLibrary();
      install(pyodide, await core);
      pyodide.runPython(AFTER_RESTORE);
      restored = true;
    } else {
      await forgetSnapshot();
    }
  }
  if (!pyodide) {
    pyodide = await failingOnCompileError(() => loadPyodide({ ...options, _makeSnapshot: true })).finally(pythonUp);
    install(pyodide, await core);
    pyodide.runPython(IMPORT_CORE);
    snapshotDue = pyodide._module.HEAP8.length; // taken once idle (whenIdle)
  }
  loaded = total;
  report("start", true);
  started = true;
  api = pyodide.pyimport("pento_core.api");
  python = pyodide;
  const lang = given.get("lang") || "en";
  // the page knows the games from the build's catalog: none listed here, so none is imported yet
  const hello = JSON.parse(api.handle_json(JSON.stringify({ id: 0, cmd: "hello", args: { lang, games: false } })));
  if (!hello.ok) throw new Error(hello.error.message);
  await Promise.all(keeping); // in the offline cache before the page registers its service worker
  const boot = restored ? restoredReport(pyodide) : bootReport(pyodide);
  const dataclasses = restored ? null : boot.dataclasses;
  postMessage({ type: "ready", hello: hello.result, boot: { ...boot, restored, copies: copied.size, core: coreFrom, dataclasses } });
  whenIdle();
  return true;
})().catch(async (err) => {
  const why = err instanceof StartFailed ? err.why : downloadFailed ? "download" : "other";
  // a start that took a copy kept by an earlier one may have failed on it (damaged), and one that
  // failed for no reason it can tell may have kept a copy of what failed it (a host that served
  // some other file under a packed file's name): forgotten, so that the retry downloads and unpacks
  // afresh
  if (copied.size || why === "other") await forgetCopies();
  // reported to the page, which says so and offers a retry (a fresh worker)
  postMessage({ type: "fatal", message: messageOf(err), why });
  return false;
});

self.onmessage = async (event) => {
  const request = event.data;
  if (request && request.ping) {
    postMessage({ type: "pong" }); // the page's watchdog: this worker is alive and idle
    return;
  }
  clearTimeout(idleTimer); // busy: what waits for a moment with nothing to do waits on
  if (!(await ready)) return;
  const id = request && request.id;
  const progress = (text) => postMessage({ type: "progress", id, progress: JSON.parse(text) });
  const answer = () => {
    try {
      return JSON.parse(api.handle_json(JSON.stringify(request), progress));
    } catch (err) {
      return { id, ok: false, error: { code: "internal", message: String(err) } };
    }
  };
  let reply = answer();
  if (!reply.ok && reply.error && reply.error.code === "resource") {
    // a data file shipped apart: fetched, and the request asked again; where it cannot be fetched
    // the core's own reply stands (it says to connect and try again)
    if (await provideApart(python).then(() => true, () => false)) reply = answer();
  }
  postMessage({ type: "response", ...reply, id }); // the page's id, even when the core could not read the request
  answered += 1;
  whenIdle();
};
