// The engine's unpacker (web/engine/unxz.js) on the files the build packed, in Node: each packed file
// of DIST unpacked (in chunks of odd sizes, as a network hands them over) and compared with the file
// itself; then a cut, a damaged and a foreign download, each of which must fail.  Prints one JSON line:
// {"files": {name: true when unpacked to the very bytes}, "refused": {case: the error's message, or null}}.
//
//   node tests/support/unxz_check.mjs DIST
import { readFileSync } from "node:fs";
import path from "node:path";
import { unxz } from "../../web/engine/unxz.js";

const dist = path.resolve(process.argv[2]);
const config = readFileSync(path.join(dist, "web", "config.js"), "utf-8");
const packed = JSON.parse(/export const PACKED = (.*);/.exec(config)[1]);
const module = new WebAssembly.Module(readFileSync(path.join(dist, "web", "vendor", "unxz.wasm")));

/** @param {Uint8Array} bytes @param {number} chunk */
async function unpack(bytes, chunk) {
  const source = new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.subarray(at, at + chunk));
      controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(await unxz(module))).arrayBuffer());
}

const files = {};
let chunk = 997;
for (const name of packed) {
  const got = await unpack(readFileSync(path.join(dist, name + ".xz")), chunk);
  files[name] = Buffer.compare(Buffer.from(got), readFileSync(path.join(dist, name))) === 0;
  chunk = chunk * 7 + 1;
}
const core = readFileSync(path.join(dist, packed[packed.length - 1] + ".xz"));
const cases = {
  cut: core.subarray(0, core.length >> 1),
  damaged: Uint8Array.from(core, (b, i) => (i === core.length >> 1 ? b ^ 0x10 : b)),
  foreign: readFileSync(path.join(dist, packed[packed.length - 1])),
  empty: new Uint8Array(0),
};
const refused = {};
for (const [name, bytes] of Object.entries(cases)) {
  try {
    await unpack(bytes, 65536);
    refused[name] = null;
  } catch (err) {
    refused[name] = String(err instanceof Error ? err.message : err);
  }
}
console.log(JSON.stringify({ files, refused }));
