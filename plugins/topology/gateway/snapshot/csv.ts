/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows ended by CRLF, and a field holding a comma, a double
 * quote, a CR or a LF enclosed in double quotes with its quotes doubled. No CSV writer is installed in the gateway;
 * this is the whole of the format's writing side.
 */
export type CsvValue = string | number | boolean | Date | null | undefined | object;

const NEEDS_QUOTES = /[",\r\n]/;
/** How a cell that a spreadsheet runs as a formula begins (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Names, messages and summaries come from users and peers: a leading apostrophe keeps such a text a text when the
  // file is opened in a spreadsheet (OWASP's advice); numbers stay numbers, and the JSON files keep the exact text.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + '\r\n';
}
