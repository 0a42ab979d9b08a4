/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows ended by CRLF, and a field holding a comma, a double
 * quote, a CR or a LF enclosed in double quotes with its quotes doubled. No CSV writer is installed in the gateway;
 * this is the whole of the format's writing side.
 */
export type CsvValue = string | number | boolean | Date | null | undefined | object;

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + '\r\n';
}
