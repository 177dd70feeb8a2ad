// The camera on the results page: it reads pupils' QR codes one after another, as long as it is
// on. Frames are read by the browser's BarcodeDetector where there is one, else by a worker
// (scan_worker.js, with jsQR): the page's thread only grabs a frame now and then.

const EVERY_MS = 250; // a frame four times a second: quick enough for a queue of pupils
const SIDE = 640; // frames are read at most this wide

/** The worker that reads frames, once it has loaded jsQR; throws (name "ReaderMissingError") where it
 * could not, as on a first use of the camera with no network. */
async function reader() {
  const worker = new Worker(new URL("./scan_worker.js", import.meta.url));
  try {
    await new Promise((resolve, reject) => {
      worker.onmessage = resolve;
      worker.onerror = (event) => {
        event.preventDefault();
        reject(Object.assign(new Error("the QR reader could not be loaded"), { name: "ReaderMissingError" }));
      };
    });
  } catch (err) {
    worker.terminate();
    throw err;
  }
  worker.onerror = null;
  return worker;
}

/**
 * A scanner: ``start(video, onText)`` asks for the camera and calls ``onText`` with the text of
 * every code it reads (the same code over and over while it is held up: the caller ignores
 * repeats); ``stop()`` lets the camera go. ``start`` throws when there is no camera or no
 * permission (the error's ``name`` says which).
 */
export class Scanner {
  constructor() {
    /** @type {MediaStream | null} */
    this.stream = null;
    /** @type {number | null} */
    this.timer = null;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {any} */
    this.detector = null;
    this.reading = false;
    /** How many times a code came into view (a frame with one after a frame with none). */
    this.showings = 0;
    this.held = false;
  }

  get on() {
    return this.stream !== null;
  }

  /** @param {HTMLVideoElement} video @param {(text: string) => void} onText */
  async start(video, onText) {
    if (this.stream) return;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) throw Object.assign(new Error("no camera"), { name: "NotFoundError" });
    this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    video.srcObject = this.stream;
    video.muted = true;
    video.setAttribute("playsinline", "");
    await video.play();
    const Detector = /** @type {any} */ (window).BarcodeDetector;
    if (Detector && (await Detector.getSupportedFormats().catch(() => [])).includes("qr_code")) this.detector = new Detector({ formats: ["qr_code"] });
    else this.worker = await reader();
    const canvas = document.createElement("canvas");
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
    this.timer = window.setInterval(async () => {
      if (this.reading || !video.videoWidth) return;
      this.reading = true;
      try {
        const text = await this.read(video, canvas, ctx);
        if (text && !this.held) this.showings += 1;
        this.held = !!text;
        video.dataset.showings = String(this.showings); // read by the tests
        if (text) onText(text);
      } finally {
        this.reading = false;
      }
    }, EVERY_MS);
  }

  /** The text of a code in the video's current frame, or null. */
  async read(video, canvas, ctx) {
    if (this.detector) {
      const found = await this.detector.detect(video).catch(() => []);
      return found.length ? String(found[0].rawValue) : null;
    }
    const scale = Math.min(1, SIDE / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const worker = /** @type {Worker} */ (this.worker);
    return new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data.text);
      worker.postMessage({ width: frame.width, height: frame.height, data: frame.data.buffer }, [frame.data.buffer]);
    });
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.detector = null;
  }
}
