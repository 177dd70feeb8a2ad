// CSV for spreadsheets (RFC 4180): fields quoted when they must be, CRLF line ends, a byte order mark
// so that Excel reads UTF-8 names right. Text typed by others (pupils' names) that a spreadsheet
// would run as a formula (=, +, -, @, a tab or a return first) is kept as text with a leading '.

const FORMULA = /^[=+\-@\t\r]/;

/** One field as CSV writes it; numbers stay numbers. @param {string | number | boolean} value */
export function csvField(value) {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** ``rows`` (the header first) as the text of a .csv file. @param {(string | number | boolean)[][]} rows */
export const csvText = (rows) => "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
