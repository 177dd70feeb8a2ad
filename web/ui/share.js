// Sharing: the system's share sheet where there is one (phones and tablets), else the clipboard.
/**
 * Hand a link or a text to the system's share sheet where there is one (a phone's, a tablet's),
 * else copy ``copyText`` to the clipboard. Resolves to "shared", "copied", "cancelled" (the
 * player closed the sheet: nothing more to say) or "failed" (copying is blocked too).
 * @param {{title?: string, text?: string, url?: string}} data @param {string} copyText
 * @returns {Promise<"shared" | "copied" | "cancelled" | "failed">}
 */
export async function share(data, copyText) {
  const nav = /** @type {any} */ (navigator);
  if (typeof nav.share === "function" && (typeof nav.canShare !== "function" || nav.canShare(data))) {
    try {
      await nav.share(data);
      return "shared";
    } catch (err) {
      if (err && err.name === "AbortError") return "cancelled";
      // a sheet that would not open (no user gesture, an unsupported field): copy instead
    }
  }
  try {
    await navigator.clipboard.writeText(copyText);
    return "copied";
  } catch {
    return "failed";
  }
}
