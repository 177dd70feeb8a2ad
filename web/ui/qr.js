// Drawing a QR code the core computed (pento_core.classroom.qr): rows of "0" and "1".
// Whole device pixels per module and a quiet zone of four modules, so phones read it.
import { t } from "./i18n.js";

const QUIET = 4;

/**
 * A canvas showing ``rows``, ``cssSize`` CSS pixels wide at most (the stylesheet may shrink it).
 * ``label`` is what a screen reader hears: the text the code carries.
 */
export function qrCanvas(rows, label, cssSize = 280) {
  const modules = rows.length + 2 * QUIET;
  const ratio = window.devicePixelRatio || 1;
  const perModule = Math.max(2, Math.floor((cssSize * ratio) / modules));
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = modules * perModule;
  canvas.style.width = canvas.style.height = `${(modules * perModule) / ratio}px`;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", t("QR code: {text}", { text: label })); // an attribute value: text, never markup
  canvas.className = "qr-canvas";
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (row[c] === "1") g.fillRect((c + QUIET) * perModule, (r + QUIET) * perModule, perModule, perModule);
    }
  });
  return canvas;
}
