// The win: a burst of paper confetti over the dialog, for about two seconds.
// With prefers-reduced-motion the confetti is drawn once, still, instead.
const COLORS = ["#e6550d", "#3182bd", "#31a354", "#756bb1", "#de2d26", "#fdae6b", "#fdd0a2", "#9ecae1"];

/** Which burst is the latest: an older one still falling stops when a new win starts another. */
let bursts = 0;

export function celebrate(canvas, { quiet = false } = {}) {
  const burst = ++bursts;
  const rect = canvas.parentElement.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(rect.width * dpr);
  canvas.height = Math.round(rect.height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, rect.width, rect.height);
  if (quiet) return;
  const n = 90;
  const bits = Array.from({ length: n }, (_, i) => ({
    x: rect.width / 2,
    y: rect.height * 0.3,
    vx: (Math.random() - 0.5) * 9,
    vy: -Math.random() * 9 - 3,
    size: 5 + Math.random() * 6,
    turn: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.4,
    color: COLORS[i % COLORS.length],
  }));
  const draw = () => {
    ctx.clearRect(0, 0, rect.width, rect.height);
    for (const b of bits) {
      ctx.save();
      ctx.translate(b.x, b.y);
      ctx.rotate(b.turn);
      ctx.fillStyle = b.color;
      ctx.fillRect(-b.size / 2, -b.size / 4, b.size, b.size / 2);
      ctx.restore();
    }
  };
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    // still: scatter the confetti along the top, no movement
    for (const b of bits) {
      b.x = Math.random() * rect.width;
      b.y = Math.random() * rect.height * 0.25;
    }
    draw();
    canvas.dataset.motion = "still";
    return;
  }
  canvas.dataset.motion = "moving";
  const start = performance.now();
  const dialog = canvas.closest("dialog");
  const step = (now) => {
    if (burst !== bursts) return; // a newer win (or a still one) has the canvas now
    const t = now - start;
    for (const b of bits) {
      b.vy += 0.25;
      b.vx *= 0.99;
      b.x += b.vx;
      b.y += b.vy;
      b.turn += b.spin;
    }
    // Each frame is painted and composited anew: the burst stops as soon as nobody can see it
    // (its dialog closed, or every bit fallen below the bottom), not only after its two seconds.
    const seen = canvas.isConnected && (!dialog || dialog.open) && bits.some((b) => b.y - b.size < rect.height);
    if (t < 2200 && seen) {
      draw();
      requestAnimationFrame(step);
    } else {
      ctx.clearRect(0, 0, rect.width, rect.height);
      canvas.dataset.motion = "over";
    }
  };
  requestAnimationFrame(step);
}
