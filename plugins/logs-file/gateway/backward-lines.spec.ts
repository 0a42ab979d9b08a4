import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { linesFromEnd, scanBudget } from './backward-lines';

describe('reading a file from its end', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backward-lines-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function read(content: string | Buffer, options: { chunkBytes?: number; maxLineBytes?: number; budget?: number } = {}) {
    const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
    await fs.writeFile(file, content);
    const handle = await fs.open(file, 'r');
    const budget = scanBudget(options.budget);
    const batches: string[][] = [];
    try {
      const size = (await handle.stat()).size;
      for await (const batch of linesFromEnd(handle, size, budget, options)) batches.push(batch);
    } finally {
      await handle.close();
    }
    return { lines: batches.flat(), batches, budget };
  }

  it('answers the lines newest first, whatever the chunk size, without blank lines or \\r', async () => {
    const content = 'first\r\nsecond\n\n  \nthird line\nfourth\n';
    for (const chunkBytes of [1, 2, 3, 5, 7, 64, 4096]) {
      expect((await read(content, { chunkBytes })).lines).toEqual(['fourth', 'third line', 'second', 'first']);
    }
    expect((await read('no newline at the end\nlast', { chunkBytes: 4 })).lines).toEqual(['last', 'no newline at the end']);
  });

  it('never cuts a multi-byte character between chunks', async () => {
    const content = 'größe 1 – ünïcödé\n日本語のログ\n🙂 emoji\n';
    for (const chunkBytes of [1, 2, 3, 5]) expect((await read(content, { chunkBytes })).lines).toEqual(['🙂 emoji', '日本語のログ', 'größe 1 – ünïcödé']);
  });

  it('reads one chunk per batch', async () => {
    const { batches } = await read('a\nb\nc\nd\n', { chunkBytes: 4 });
    // 'c' of the last chunk may start before it: it is answered with the chunk that holds its start.
    expect(batches).toEqual([['d'], ['c', 'b', 'a']]);
  });

  it('keeps the end of an overlong line, marked, and goes on with the lines before it', async () => {
    const long = 'x'.repeat(50) + 'TAIL';
    const { lines } = await read(`before\n${long}\nafter\n`, { chunkBytes: 8, maxLineBytes: 16 });
    expect(lines[0]).toBe('after');
    expect(lines[1].startsWith('…')).toBe(true);
    expect(lines[1].endsWith('TAIL')).toBe(true);
    expect(lines[1].length).toBeLessThanOrEqual(1 + 16 + 8);
    expect(lines[2]).toBe('before');
    expect(lines).toHaveLength(3);
  });

  it('stops when the shared budget is spent and says so', async () => {
    const content = Array.from({ length: 100 }, (_, i) => `line ${String(i).padStart(3, '0')}`).join('\n') + '\n';
    const { lines, budget } = await read(content, { chunkBytes: 50, budget: 100 });
    expect(budget.exhausted).toBe(true);
    expect(budget.left).toBe(0);
    expect(lines[0]).toBe('line 099');
    // 100 bytes of 9-byte lines: at most 11 whole lines were seen.
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.length).toBeLessThanOrEqual(11);
    const whole = await read(content, { chunkBytes: 50 });
    expect(whole.budget.exhausted).toBe(false);
    expect(whole.lines).toHaveLength(100);
  });

  it('stops with the signal', async () => {
    const file = path.join(dir, 'signal');
    await fs.writeFile(file, 'a\nb\nc\n');
    const handle = await fs.open(file, 'r');
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    try {
      await expect(
        (async () => {
          for await (const batch of linesFromEnd(handle, 6, scanBudget(), { signal: controller.signal, chunkBytes: 2 })) void batch;
        })(),
      ).rejects.toThrow('stop now');
    } finally {
      await handle.close();
    }
  });
});
