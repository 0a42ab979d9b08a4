import type { Request } from 'express';
import { DataApiErrors } from './errors';

/** Bodies the data API reads itself when no app-level parser ran (see README: body parsing). */
export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * The request body as JSON: what the app's parser produced, or the raw stream parsed here when no parser
 * ran (so a malformed body still gets a PostgREST-shaped 400). undefined when there is no body.
 */
export async function readJsonBody(req: Request, limitBytes = DEFAULT_BODY_LIMIT_BYTES): Promise<unknown> {
  // The app's JSON parser ran (it answers malformed JSON itself); its result may be any JSON value.
  if (req.body !== undefined) return req.body;
  if (!req.readable) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limitBytes) throw DataApiErrors.invalidBody('Request body is too large', `The limit is ${limitBytes} bytes.`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? undefined : parseJson(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw DataApiErrors.invalidBody('Empty or invalid json', (error as Error).message);
  }
}
