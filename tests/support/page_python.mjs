// The page's Python as the page gets it, in Node: Pyodide (dist/pyodide) on the standard library
// the build trimmed for the page, the core imported from the page's own zip and given the data files
// shipped apart (as its worker does);
// then every module of the core imported (with its dataclasses' methods compiled by the build, as the
// worker imports it) and tests/support/api_tour.py's tour run.  Prints one JSON line: {"modules":
// [modules of the core that failed to import, with why], "dataclasses": {"precompiled": n,
// "compiled": n}, "tour": tour()'s result}.
//
//   node tests/support/page_python.mjs DIST
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { unxz } from "../../web/engine/unxz.js";

const dist = path.resolve(process.argv[2]);
const config = readFileSync(path.join(dist, "web", "config.js"), "utf-8");
const core = JSON.parse(/export const CORE = (.*);/.exec(config)[1]);
const apart = JSON.parse(/export const APART = (.*);/.exec(config)[1]);
const indexURL = path.join(dist, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdLibURL: path.join(indexURL, "python_stdlib.zip") });
// as the page's worker installs it (web/engine/worker.js): the zip itself on sys.path
pyodide.FS.writeFile("/lib/pento_core.zip", new Uint8Array(readFileSync(path.join(dist, core))));
pyodide.runPython("import sys; sys.path.insert(0, '/lib/pento_core.zip')");
// and the data files shipped apart, unpacked from what the page fetches, where its worker puts them
const unpacker = new WebAssembly.Module(readFileSync(path.join(dist, "web", "vendor", "unxz.wasm")));
pyodide.runPython("import pento_core.resources; pento_core.resources.provide_in('/lib/pento-apart')");
for (const file of apart) {
  const packed = new Blob([readFileSync(path.join(dist, file + ".xz"))]).stream();
  const bytes = new Uint8Array(await new Response(packed.pipeThrough(await unxz(unpacker))).arrayBuffer());
  const inside = `/lib/pento-apart/${file.slice(file.indexOf("/") + 1)}`;
  pyodide.FS.mkdirTree(inside.slice(0, inside.lastIndexOf("/")));
  pyodide.FS.writeFile(inside, bytes);
}
pyodide.FS.mkdirTree("/tour/support");
pyodide.FS.writeFile("/tour/support/__init__.py", "");
pyodide.FS.writeFile("/tour/support/api_tour.py", readFileSync(new URL("./api_tour.py", import.meta.url)));
const out = pyodide.runPython(`
import dataclasses, importlib, json, pkgutil, sys
import pento_page_boot

failed = []
with pento_page_boot.precompiled("/lib/pento_core.zip") as counts:  # as the worker imports the core
    import pento_core

    for info in pkgutil.walk_packages(pento_core.__path__, "pento_core."):
        try:
            importlib.import_module(info.name)
        except ImportError as e:
            failed.append(f"{info.name}: {e}")
sys.path.insert(0, "/tour")
from support.api_tour import tour

json.dumps({"modules": failed, "dataclasses": dataclasses.asdict(counts), "tour": tour()})
`);
console.log(out);
