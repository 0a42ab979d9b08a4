import { badRequest } from './domain-error';

/**
 * How deeply a JSON text nests objects and arrays, read in one pass without parsing it (strings are skipped, with
 * their escapes). Stops as soon as `limit` is passed, so a hostile body costs at most one scan.
 */
export function jsonDepthExceeds(text: Buffer | string, limit: number): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The JSON parser's `verify` hook: a body nested deeper than `limit` is refused with 400 before it is parsed. */
export function refuseDeepJson(limit: number) {
  return (_req: unknown, _res: unknown, body: Buffer): void => {
    if (jsonDepthExceeds(body, limit)) throw badRequest(`Request body is nested more than ${limit} levels deep`, 'body_too_deep');
  };
}
