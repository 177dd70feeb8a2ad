// Python's bytecode for the page, made by the page's own Python (Pyodide's, run here by Node), so
// that the engine imports modules without compiling them first: some 0.7 s of every start.
//
//   node scripts/bytecode.mjs PYODIDE_DIR STDLIB_IN STDLIB_OUT WHEEL BYTECODE_OUT
//
// STDLIB_OUT: Pyodide's standard library zip with each module's source replaced by its bytecode
// (zipimport reads a module's .pyc in a zip as it would its .py).  BYTECODE_OUT: a zip of
// __pycache__/*.pyc files for the modules of WHEEL, to unpack beside the wheel's sources in
// site-packages; they are checked against the sources' hash when imported, so a stale one is
// never used.  build.py runs this and caches what it makes; without Node the page compiles as
// it loads, as before.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, stdlibIn, stdlibOut, wheel, bytecodeOut] = process.argv.slice(2);
if (!bytecodeOut) {
  console.error("usage: node scripts/bytecode.mjs PYODIDE_DIR STDLIB_IN STDLIB_OUT WHEEL BYTECODE_OUT");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
pyodide.FS.writeFile("/tmp/stdlib.zip", new Uint8Array(readFileSync(stdlibIn)));
pyodide.FS.writeFile("/tmp/core.whl", new Uint8Array(readFileSync(wheel)));
const report = pyodide.runPython(`
import importlib.util
import site
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STAMP = (2024, 1, 1, 0, 0, 0)  # the same input, the same bytes out


def bytecode(source, filename, checked):
    code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked)


def entry(name):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED  # a ZipInfo's own default is to store
    return info


# the standard library: where the page finds it, each module's source replaced by its bytecode
where = next(p for p in sys.path if p.endswith(".zip"))
kept = 0
with zipfile.ZipFile("/tmp/stdlib.zip") as zin, zipfile.ZipFile("/tmp/stdlib-out.zip", "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data = zin.read(info)
        if info.filename.endswith(".py"):
            try:
                zout.writestr(entry(info.filename[:-3] + ".pyc"), bytecode(data, f"{where}/{info.filename}", False))
                continue
            except SyntaxError:  # not a module the page imports (a test's sample): its source stays
                kept += 1
        zout.writestr(info, data)

# the core: __pycache__ files beside the sources that the wheel puts in site-packages
packages = site.getsitepackages()[0]
made = 0
with zipfile.ZipFile("/tmp/core.whl") as zin, zipfile.ZipFile("/tmp/bytecode.zip", "w", zipfile.ZIP_DEFLATED) as zout:
    for name in sorted(zin.namelist()):
        if name.endswith(".py"):
            cached = importlib.util.cache_from_source(name)
            zout.writestr(entry(cached), bytecode(zin.read(name), f"{packages}/{name}", True))
            made += 1
f"{sys.version.split()[0]}: the standard library compiled ({kept} sources kept), {made} modules of the core"
`);
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
writeFileSync(bytecodeOut, pyodide.FS.readFile("/tmp/bytecode.zip"));
console.log(report);
