/**
 * Details as stored: strings (a response body, script output) are cut to `maxBytes`, and a larger structured value
 * (a parsed JSON body) is kept as its cut JSON text. The expressions saw everything before this.
 */
export function boundDetails(details: Record<string, unknown>, maxBytes: number): Record<string, unknown> {
  const cut = (text: string) => (Buffer.byteLength(text) <= maxBytes ? text : `${Buffer.from(text).subarray(0, maxBytes).toString('utf8')}…`);
  const out: Record<string, unknown> = {};
  let truncated = false;
  for (const [key, value] of Object.entries(details ?? {})) {
    const text = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : null;
    if (text === null || Buffer.byteLength(text) <= maxBytes) out[key] = value;
    else {
      out[key] = cut(text);
      truncated = true;
    }
  }
  if (truncated) out.truncated = true;
  return out;
}
