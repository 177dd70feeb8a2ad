// The core's home: boots Pyodide, loads the pento_core wheel, answers requests.
// Protocol (pento_core.api): in {id, cmd, args}; out {type: "response", id, ok, result | error}.
// Also posted: {type: "ready", version}, {type: "progress", id, progress}, {type: "fatal", message}.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL } from "./config.js";

const base = new URL("../", import.meta.url);
let api = null;

const ready = (async () => {
  // Fetch the wheel while Pyodide boots: the two overlap.
  const wheel = fetch(new URL(WHEEL, base)).then((r) => {
    if (!r.ok) throw new Error(`could not fetch ${WHEEL} (HTTP ${r.status})`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {}); // handled below, once Pyodide is up; not an unhandled rejection meanwhile
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  pyodide.unpackArchive(await wheel, "wheel");
  api = pyodide.pyimport("pento_core.api");
  const hello = JSON.parse(api.handle_json(JSON.stringify({ id: 0, cmd: "hello" })));
  if (!hello.ok) throw new Error(hello.error.message);
  postMessage({ type: "ready", hello: hello.result });
  return true;
})().catch((err) => {
  // reported to the page, which says so and offers a retry (a fresh worker)
  postMessage({ type: "fatal", message: String(err && err.message ? err.message : err) });
  return false;
});

self.onmessage = async (event) => {
  const request = event.data;
  if (!(await ready)) return;
  const id = request && request.id;
  const progress = (text) => postMessage({ type: "progress", id, progress: JSON.parse(text) });
  let reply;
  try {
    reply = JSON.parse(api.handle_json(JSON.stringify(request), progress));
  } catch (err) {
    reply = { id, ok: false, error: { code: "internal", message: String(err) } };
  }
  postMessage({ type: "response", ...reply });
};
