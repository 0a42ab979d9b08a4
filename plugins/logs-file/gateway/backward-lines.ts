import type { FileHandle } from 'node:fs/promises';

/** Bytes one search may read over all its files; past it the search ends and says its answer is incomplete. */
export const MAX_SCAN_BYTES = 64 * 1024 * 1024;
/** Bytes read from a file at a time (from its end backwards). */
export const CHUNK_BYTES = 128 * 1024;
/** A line longer than this is cut: its last part is kept, marked with a leading '…'. */
export const MAX_LINE_BYTES = 64 * 1024;

/** The bytes a search may still read, shared by its files; `exhausted` once a read was cut short by it. */
export interface ScanBudget {
  left: number;
  exhausted: boolean;
}

export const scanBudget = (bytes = MAX_SCAN_BYTES): ScanBudget => ({ left: bytes, exhausted: false });

const NEWLINE = 0x0a;

function text(bytes: Buffer): string | null {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0d) end--;
  const line = bytes.toString('utf8', 0, end);
  return line.trim() ? line : null;
}

/**
 * The lines of the first `size` bytes of an open file, newest (last) first, in batches of one chunk each: the file is
 * read from its end backwards `chunkBytes` at a time and never held whole. Lines are split on bytes (a multi-byte
 * character is never cut), `\r\n` endings and blank lines are dropped. Stops when the budget is spent (setting
 * `exhausted`) or the signal aborts (throwing its reason).
 */
export async function* linesFromEnd(
  handle: FileHandle,
  size: number,
  budget: ScanBudget,
  options: { chunkBytes?: number; maxLineBytes?: number; signal?: AbortSignal } = {},
): AsyncGenerator<string[]> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const maxLine = options.maxLineBytes ?? MAX_LINE_BYTES;
  let pos = size;
  // The end part of a line whose start lies before `pos`.
  let carry: Buffer = Buffer.alloc(0);
  // Inside a line that was already cut: its earlier bytes are dropped up to the newline before it.
  let skipping = false;
  while (pos > 0) {
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted');
    if (budget.left <= 0) {
      budget.exhausted = true;
      return;
    }
    const n = Math.min(chunkBytes, pos, budget.left);
    const chunk = Buffer.alloc(n);
    let read = 0;
    while (read < n) {
      const { bytesRead } = await handle.read(chunk, read, n - read, pos - n + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    budget.left -= n;
    // A file cut shorter while we read it (truncated by its writer): what is left of this chunk is not there.
    if (read < n) return;
    pos -= n;
    const buf = skipping ? chunk : carry.length ? Buffer.concat([chunk, carry]) : chunk;
    const lines: string[] = [];
    let end = buf.length;
    let nl = buf.lastIndexOf(NEWLINE, end - 1);
    while (nl >= 0) {
      if (skipping) skipping = false;
      else {
        const line = text(buf.subarray(nl + 1, end));
        if (line !== null) lines.push(line);
      }
      end = nl;
      nl = end > 0 ? buf.lastIndexOf(NEWLINE, end - 1) : -1;
    }
    carry = skipping ? Buffer.alloc(0) : Buffer.from(buf.subarray(0, end));
    if (carry.length > maxLine) {
      const line = text(carry.subarray(carry.length - maxLine));
      if (line !== null) lines.push(`…${line}`);
      carry = Buffer.alloc(0);
      skipping = true;
    }
    if (pos === 0 && carry.length) {
      const line = text(carry);
      if (line !== null) lines.push(line);
    }
    if (lines.length) yield lines;
  }
}
