/**
 * What the web's HTTP client reads of a `fetch` answer, for tests that stub `fetch`: status, the content-type (and
 * any `headers`), and the body as JSON text (empty for 204 or no body).
 */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = {
    'content-type': 'application/json',
    ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
  return Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (name: string) => all[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(status === 204 || body === undefined ? '' : JSON.stringify(body)),
  });
}
