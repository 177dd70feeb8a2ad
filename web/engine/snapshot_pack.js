// The engine's memory snapshot, packed for the browser's storage: only the 4 KiB pages that hold
// something are kept.  About two thirds of a freshly booted engine's memory is zeros (31 MB of
// memory, 10 MB of it used), so the packed form is about a third of the size and cheaper to write
// and to read than the memory itself or a gzip of it (which costs a second to make).
//
// Layout, little-endian 32-bit words: MAGIC, VERSION, the memory's length in bytes, the page size,
// the number n of pages kept, n page numbers in increasing order; then those pages' bytes (the
// last page of the memory may be short).

const MAGIC = 0x50534e50; // "PNSP"
const VERSION = 1;
const PAGE = 4096;
const HEADER_WORDS = 5;

/** @param {Uint8Array} bytes @param {number} start @param {number} end */
function allZero(bytes, start, end) {
  for (let i = start; i < end; i += 1) if (bytes[i] !== 0) return false;
  return true;
}

/**
 * The pages of ``memory`` that are not all zeros, in the layout above.
 * @param {Uint8Array} memory
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function pack(memory) {
  /** @type {number[]} */
  const kept = [];
  for (let start = 0; start < memory.length; start += PAGE) {
    if (!allZero(memory, start, Math.min(start + PAGE, memory.length))) kept.push(start / PAGE);
  }
  const head = (HEADER_WORDS + kept.length) * 4;
  let size = head;
  for (const page of kept) size += Math.min(PAGE, memory.length - page * PAGE);
  const out = new Uint8Array(size);
  const words = new DataView(out.buffer);
  [MAGIC, VERSION, memory.length, PAGE, kept.length].forEach((w, i) => words.setUint32(i * 4, w, true));
  let at = head;
  kept.forEach((page, i) => {
    words.setUint32((HEADER_WORDS + i) * 4, page, true);
    const start = page * PAGE;
    const end = Math.min(start + PAGE, memory.length);
    out.set(memory.subarray(start, end), at);
    at += end - start;
  });
  return out;
}

/**
 * The memory ``packed`` holds, zeros where no page was kept.  Throws on anything not made by
 * :func:`pack` (another layout, a truncated or damaged entry), never returns part of a memory.
 * @param {Uint8Array} packed
 * @returns {Uint8Array}
 */
export function unpack(packed) {
  const fail = (/** @type {string} */ why) => new Error(`not an engine snapshot: ${why}`);
  if (packed.length < HEADER_WORDS * 4) throw fail("too short");
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (/** @type {number} */ i) => words.getUint32(i * 4, true);
  if (word(0) !== MAGIC || word(1) !== VERSION || word(3) !== PAGE) throw fail("another layout");
  const length = word(2);
  const n = word(4);
  const pages = Math.ceil(length / PAGE);
  if (n > pages || packed.length < (HEADER_WORDS + n) * 4) throw fail("a damaged index");
  const memory = new Uint8Array(length);
  let at = (HEADER_WORDS + n) * 4;
  let previous = -1;
  for (let i = 0; i < n; i += 1) {
    const page = word(HEADER_WORDS + i);
    if (page <= previous || page >= pages) throw fail("a damaged index");
    previous = page;
    const start = page * PAGE;
    const size = Math.min(PAGE, length - start);
    if (at + size > packed.length) throw fail("truncated");
    memory.set(packed.subarray(at, at + size), start);
    at += size;
  }
  if (at !== packed.length) throw fail("trailing bytes");
  return memory;
}
