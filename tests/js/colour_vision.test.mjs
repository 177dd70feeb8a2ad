// The colours a player must tell apart (web/ui/theme.js's TOLD_APART: a hint from a clash, Last
// Fit's players, GandaGalo's X, O, given and anchored marks and its coloured squares), seen with
// each colour vision: normal, and protanopia, deuteranopia and tritanopia simulated at full
// severity (Machado, Oliveira and Fernandes 2009, in linear RGB).  In the colour-blind-safe theme
// (light and dark) and in high contrast, every two of a group differ by at least MIN_DIFFERENCE
// (CIEDE2000) with every colour vision.  The standard theme's red and green, which deuteranopia
// cannot tell apart, show that the check can fail.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PALETTES, TOLD_APART } from "../../web/ui/theme.js";

/** The least CIEDE2000 difference between two colours a player must tell apart. */
const MIN_DIFFERENCE = 12;

const VISIONS = {
  normal: null,
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.1476],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** [r, g, b, a] (0-255, alpha 0-1) of "#rrggbb" or "rgba(r,g,b,a)". */
function parse(colour) {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
  const rgba = /^rgba\(([^)]+)\)$/.exec(colour);
  assert.ok(rgba, `a colour the check reads: ${colour}`);
  return rgba[1].split(",").map(Number);
}

/** ``colour`` as seen drawn over ``under`` (an opaque colour): sRGB 0-255. */
function over(colour, under) {
  const [r, g, b, a] = parse(colour);
  const base = parse(under);
  return [r, g, b].map((v, i) => v * a + base[i] * (1 - a));
}

const toLinear = (v) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** CIELAB (D65) of linear RGB. */
function lab([r, g, b]) {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** What a viewer with ``vision`` sees of sRGB ``rgb``, in CIELAB. */
function seen(rgb, vision) {
  let linear = rgb.map(toLinear);
  const m = VISIONS[vision];
  if (m) linear = m.map((row) => Math.min(1, Math.max(0, row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2])));
  return lab(linear);
}

/** CIEDE2000 (Sharma, Wu and Dalal 2005). */
function deltaE2000([l1, a1, b1], [l2, a2, b2]) {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(cMean ** 7 / (cMean ** 7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const hue = (b, a) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dL = l2 - l1;
  const dC = c2p - c1p;
  let dh = 0;
  if (c1p * c2p !== 0) dh = Math.abs(h2p - h1p) <= 180 ? h2p - h1p : h2p - h1p > 180 ? h2p - h1p - 360 : h2p - h1p + 360;
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh / 2) * rad);
  const lMean = (l1 + l2) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) hMean = Math.abs(h1p - h2p) <= 180 ? hMean / 2 : hMean < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2;
  const t = 1 - 0.17 * Math.cos((hMean - 30) * rad) + 0.24 * Math.cos(2 * hMean * rad) + 0.32 * Math.cos((3 * hMean + 6) * rad) - 0.2 * Math.cos((4 * hMean - 63) * rad);
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cMeanP;
  const sH = 1 + 0.015 * cMeanP * t;
  const rT = -2 * Math.sqrt(cMeanP ** 7 / (cMeanP ** 7 + 25 ** 7)) * Math.sin(60 * Math.exp(-(((hMean - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** Every pair of a group of ``palette`` closer than MIN_DIFFERENCE for some vision: "group: a ~ b (vision, ΔE)". */
function tooClose(palette) {
  const found = [];
  for (const [group, roles] of Object.entries(TOLD_APART)) {
    const colours = roles.map((role) => [role, Array.isArray(palette[role]) ? palette[role] : [palette[role]]]).flatMap(([role, list]) => list.map((c, k) => [list.length > 1 ? `${role}[${k}]` : role, c]));
    for (let i = 0; i < colours.length; i++) {
      for (let j = i + 1; j < colours.length; j++) {
        for (const vision of Object.keys(VISIONS)) {
          const d = deltaE2000(seen(over(colours[i][1], palette.cell), vision), seen(over(colours[j][1], palette.cell), vision));
          if (d < MIN_DIFFERENCE) found.push(`${group}: ${colours[i][0]} ~ ${colours[j][0]} (${vision}, ${d.toFixed(1)})`);
        }
      }
    }
  }
  return found;
}

test("CIEDE2000 agrees with Sharma, Wu and Dalal's published pairs", () => {
  // pairs 1, 7 and 17 of their table 1
  assert.equal(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485]).toFixed(4), "2.0425");
  assert.equal(deltaE2000([50, 0, 0], [50, -1, 2]).toFixed(4), "2.3669");
  assert.equal(deltaE2000([50, 2.5, 0], [73, 25, -18]).toFixed(4), "27.1492");
});

test("deuteranopia sees the standard theme's hint green and clash red as alike: the check can fail", () => {
  assert.ok(tooClose(PALETTES.standard).some((pair) => pair.startsWith("hint or clash: ok ~ bad (deuteranopia")), tooClose(PALETTES.standard).join("\n"));
});

for (const name of ["safe", "safeDark", "high"]) {
  test(`${name}: every two colours a player must tell apart differ with every colour vision`, () => {
    assert.deepEqual(tooClose(PALETTES[name]), []);
  });
}
