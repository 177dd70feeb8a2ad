// Unpacks xz, as it streams in: the runtime, the standard library and the core come packed with xz
// (LZMA2; build.py), a third smaller than gzip, which is all the browser unpacks by itself.  The
// unpacking is xz-embedded's, compiled to WebAssembly (dist/web/vendor/unxz.wasm, 12 KB, from the
// pinned xz-decompress package: build.py).  This module only drives it, one instance (and so one
// memory) per stream, so that the four files unpack side by side.
//
// The module's interface: create_context() -> the address of a context whose first words are
// [buffer size, input address, input position, input size, output address, output position];
// supply_input(context, n) takes the next n bytes written at the input address, and n = 0 says the
// input has ended (only then does a whole stream end); get_next_output(context) unpacks until the
// input is used up or the output buffer is full and returns xz-embedded's code (0 more to come, 1
// the stream's end, anything else an error); destroy_context(context).

const CODES = ["", "", "an unsupported check", "no memory", "a dictionary too large", "not xz", "unsupported options", "damaged data", "truncated data"];

/**
 * A stream that unpacks the xz bytes written to it.  It errors where the bytes are not one whole,
 * intact xz stream (the check of every block is verified), so a cut or damaged download never
 * reaches Python.
 * @param {WebAssembly.Module} module the compiled unxz.wasm
 * @returns {Promise<TransformStream<Uint8Array, Uint8Array>>}
 */
export async function unxz(module) {
  const instance = await WebAssembly.instantiate(module, {});
  const api = /** @type {{memory: WebAssembly.Memory, create_context: () => number, destroy_context: (c: number) => void, supply_input: (c: number, n: number) => void, get_next_output: (c: number) => number}} */ (
    /** @type {unknown} */ (instance.exports)
  );
  const context = api.create_context();
  /** The context's words (read afresh: the memory may have grown, which replaces its buffer). */
  const words = () => new Uint32Array(api.memory.buffer, context, 6);
  const [size, input, , , output] = words();
  let ended = false;
  const close = () => {
    if (!ended) api.destroy_context(context);
    ended = true;
  };
  /** Unpack what was supplied; hand on every full buffer and what is left of the last. */
  const run = (/** @type {TransformStreamDefaultController<Uint8Array>} */ controller) => {
    for (;;) {
      const code = api.get_next_output(context);
      const w = words();
      const produced = w[5];
      if (produced) controller.enqueue(new Uint8Array(api.memory.buffer, output, produced).slice());
      w[5] = 0;
      if (code === 1) {
        close();
        return;
      }
      if (code !== 0) throw new Error(`the download is not whole: ${CODES[code] || `xz error ${code}`}`);
      if (produced < size && w[2] === w[3]) return; // all it was given is unpacked
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      try {
        for (let at = 0; at < chunk.byteLength; ) {
          if (ended) throw new Error("the download is not whole: bytes after its end");
          const n = Math.min(size, chunk.byteLength - at);
          new Uint8Array(api.memory.buffer, input, n).set(chunk.subarray(at, at + n));
          api.supply_input(context, n);
          at += n;
          run(controller);
        }
      } catch (err) {
        close();
        throw err;
      }
    },
    flush(controller) {
      try {
        if (!ended) {
          api.supply_input(context, 0); // the input has ended
          run(controller);
        }
        if (!ended) throw new Error("the download is not whole: it stops before its end");
      } catch (err) {
        close();
        throw err;
      }
    },
  });
}
