// Reads QR codes in camera frames, off the page's thread: each message is a frame's pixels
// ({width, height, data: RGBA bytes}); the answer is the text of the code found, or null.
// jsQR (Apache-2.0, pinned in build.py and copied into dist/web/vendor/ by the build) does the reading.
// It is fetched the first time the camera is used (0.26 MB no other page needs), then kept for
// offline use; a first use with no network fails here, and the page says so (scanner.js).
importScripts("../vendor/jsQR.js");
self.postMessage({ ready: true });

self.onmessage = (event) => {
  const { width, height, data } = event.data;
  let text = null;
  try {
    const found = /** @type {any} */ (self).jsQR(new Uint8ClampedArray(data), width, height, { inversionAttempts: "attemptBoth" });
    text = found && typeof found.data === "string" ? found.data : null;
  } catch {
    text = null; // a frame it cannot read: the next one may do
  }
  self.postMessage({ text });
};
