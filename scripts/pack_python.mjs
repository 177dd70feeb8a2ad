// Python as the page ships it, made by the page's own Python (Pyodide's, run here by Node):
//
//   node scripts/pack_python.mjs PYODIDE_DIR STDLIB_IN WHEEL STDLIB_OUT CORE_OUT
//
// STDLIB_OUT: Pyodide's standard library (STDLIB_IN, its sources) cut down to the modules the page
// can import, each compiled to bytecode (zipimport reads a module's .pyc in a zip as it would its
// .py), stored uncompressed: build.py packs the whole file with xz, which packs 614 files' worth of
// modules into some 1.1 MB instead of 4.5 MB, and the page imports without inflating each module.
// The standard library's bytecode is -OO's (no docstrings, no asserts; Pyodide's own packages keep
// theirs).
// CORE_OUT: the core of WHEEL as the page installs it, each module's bytecode where its source
// was (the page runs no source: the wheel's 0.7 MB stay out of the download) and the wheel's
// other files (compiled messages, tables, metadata) as they are; beside it the page's own
// scripts/pento_page_boot.py, compiled, and the methods of the core's dataclasses as this Python
// compiled them while it imported the core here (pento_page_boot.CODES), which the page's engine
// then does not compile again.  Both zips are the same bytes for the same input.
//
// Which modules the page can import: those Pyodide itself has imported once it has started, and
// every module that importing the core's modules imports, with the imports the core makes inside
// its functions (found in its sources), all followed as Python follows them; a module is kept with
// its package.  Modules the standard library imports only inside one of its functions are kept
// where the page takes such a path (RUNTIME_ONLY below, each with its reason): the test
// test_build.py's tour plays every game through the API on exactly this standard library and fails
// on a module that is missing, by name.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, stdlibIn, wheel, stdlibOut, coreOut] = process.argv.slice(2);
if (!coreOut) {
  console.error("usage: node scripts/pack_python.mjs PYODIDE_DIR STDLIB_IN WHEEL STDLIB_OUT CORE_OUT");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// Pyodide's own standard library, whole: what the page will keep is worked out from it
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdLibURL: path.resolve(stdlibIn) });
pyodide.FS.writeFile("/tmp/stdlib.zip", new Uint8Array(readFileSync(stdlibIn)));
pyodide.FS.writeFile("/tmp/core.whl", new Uint8Array(readFileSync(wheel)));
// the page's own module beside the core (see it): the core's dataclasses' methods compiled here
const pageBoot = new URL("./pento_page_boot.py", import.meta.url);
pyodide.FS.mkdirTree("/tmp/page");
pyodide.FS.writeFile("/tmp/page/pento_page_boot.py", readFileSync(pageBoot));
const report = pyodide.runPython(`
import ast
import importlib
import importlib.util
import marshal
import pkgutil
import site
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STAMP = (2024, 1, 1, 0, 0, 0)  # the same input, the same bytes out

# Imported by the standard library inside a function, on a path the page takes (tests/test_build.py
# tours every game on the trimmed library and names what is missing):
RUNTIME_ONLY = {
    "encodings",  # every codec: a text's encoding is looked up by name when it is first used
    "importlib.resources",  # files(), with which the core reads its tables, imports its adapters
    "importlib.readers",  # and the reader of a package in folders
}


def bytecode(source, filename, checked, optimize=0, docstrings=True):
    tree = ast.parse(source, filename) if docstrings else without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked)


# The core is compiled with its asserts (they guard the core's own invariants in the page too) but
# without its docstrings, as -OO would leave it: nothing of the core reads them (no __doc__), and they
# are a seventh of its bytecode (0.06 MB less to download packed).  Line numbers are kept.
def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


# The standard library is compiled as python -OO compiles it: without docstrings (nothing of the page
# reads them) and without asserts (the standard library is made to run so): 0.17 MB less to download
# once packed.  Pyodide's own packages keep both: their docstrings are its API's documentation.
def optimize_level(filename):
    top = filename.split("/", 1)[0].removesuffix(".py")
    return 0 if top in ("_pyodide", "pyodide") else 2


def entry(name):
    return zipfile.ZipInfo(name, STAMP)  # stored: build.py packs the whole zip


def module_name(filename):
    name = filename.rsplit(".", 1)[0].replace("/", ".")
    return name.removesuffix(".__init__")


# -- what the page can import ----------------------------------------------------------------------
booted = set(sys.modules)
with zipfile.ZipFile("/tmp/core.whl") as z:
    z.extractall("/tmp/core")
    sources = {n: z.read(n) for n in z.namelist() if n.endswith(".py")}
sys.path.insert(0, "/tmp/core")
sys.path.insert(0, "/tmp/page")
import pento_page_boot

with pento_page_boot.recording() as dataclass_code:
    import pento_core

    for info in pkgutil.walk_packages(pento_core.__path__, "pento_core."):
        try:
            importlib.import_module(info.name)
        except ImportError:  # a command line's optional extra (Dask): not the page's
            pass
inside = set()  # what the core imports, at the top of a module or inside a function
for name, source in sources.items():
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            inside.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            inside.add(node.module)
for name in sorted(inside):
    if not name.startswith("pento_core"):
        try:
            importlib.import_module(name)
        except ImportError:  # an optional extra
            pass
wanted = {m for m in sys.modules if not m.startswith("pento_core")} | booted


def kept(filename):
    name = module_name(filename)
    return name in wanted or any(name == r or name.startswith(r + ".") for r in RUNTIME_ONLY)


# -- the standard library, trimmed and compiled, where the page finds it -----------------------------
where = next(p for p in sys.path if p.endswith(".zip"))
count = left = 0
with zipfile.ZipFile("/tmp/stdlib.zip") as zin, zipfile.ZipFile("/tmp/stdlib-out.zip", "w") as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        if not info.filename.endswith(".py"):
            continue  # folders, and the odd data file of a package the page never imports
        if not kept(info.filename):
            left += 1
            continue
        data = zin.read(info)
        code = bytecode(data, f"{where}/{info.filename}", False, optimize_level(info.filename))
        zout.writestr(entry(info.filename[:-3] + ".pyc"), code)
        count += 1

# -- the core: bytecode in place of each source, and the wheel's other files -------------------------
# (but the data files the page fetches apart, the first time a puzzle reads one: build.py ships them)
from pento_core.resources import APART

apart = {f"pento_core/{path}" for path in APART}
packages = site.getsitepackages()[0]
made = 0
with zipfile.ZipFile("/tmp/core.whl") as zin, zipfile.ZipFile("/tmp/core-out.zip", "w") as zout:
    for name in sorted(zin.namelist()):
        if name.endswith(".py"):
            code = bytecode(sources[name], f"{packages}/{name}", False, docstrings=False)
            zout.writestr(entry(name[:-3] + ".pyc"), code)
            made += 1
        elif not name.endswith(".po") and name not in apart:  # .po: the messages' sources (the page reads their .mo)
            zout.writestr(entry(name), zin.read(name))
    # beside the core: the page's module that imports it, and the methods of its dataclasses compiled
    with open("/tmp/page/pento_page_boot.py", "rb") as f:
        zout.writestr(entry("pento_page_boot.pyc"), bytecode(f.read(), f"{packages}/pento_page_boot.py", False, docstrings=False))
    zout.writestr(entry(pento_page_boot.CODES), marshal.dumps(dict(sorted(dataclass_code.items()))))
f"{sys.version.split()[0]}: {count} modules of the standard library kept and compiled ({left} left out), {made} of the core"
`);
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
writeFileSync(coreOut, pyodide.FS.readFile("/tmp/core-out.zip"));
console.log(report);
