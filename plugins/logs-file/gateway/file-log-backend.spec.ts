import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LogBackendQuery, LogLine, LogSearchContext } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { FileLogBackend } from './file-log-backend';
import { levelName, lineTime, parseJsonLine } from './line-parser';

const MINUTE = 60_000;

describe('file log backend', () => {
  let base: string;
  let root: string;
  let outside: string;
  let dataDir: string;
  let evaluator: ExpressionEvaluator;
  let backend: FileLogBackend;
  const now = Date.now();
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();

  beforeAll(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'logs-file-')));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    dataDir = path.join(base, 'data');
    for (const dir of [root, outside, path.join(dataDir, 'logs')]) await fs.mkdir(dir, { recursive: true });
    evaluator = new ExpressionEvaluator({ expressions: { timeoutMs: 2000, workers: 1 } });
    backend = new FileLogBackend({ dataDir, logs: { fileRoots: [root, dataDir] } }, evaluator);
  });
  afterAll(async () => {
    await evaluator.onModuleDestroy();
    await fs.rm(base, { recursive: true, force: true });
  });

  const ctx = (signal = new AbortController().signal): LogSearchContext => ({
    signal,
    timeoutMs: 5000,
    outbound: new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] })),
    resolveSecret: async () => null,
  });
  const query = (over: Partial<LogBackendQuery> = {}): LogBackendQuery => ({
    text: '',
    selector: { name: 'app' },
    start: new Date(now - 60 * MINUTE),
    end: new Date(now + MINUTE),
    limit: 100,
    ...over,
  });
  async function search(spec: Record<string, unknown>, q: Partial<LogBackendQuery> = {}, signal?: AbortSignal) {
    const lines: LogLine[] = [];
    const iterator = backend.search(spec, query(q), ctx(signal));
    for (;;) {
      const next = await iterator.next();
      if (next.done) return { lines, end: next.value };
      lines.push(next.value);
    }
  }
  const write = async (name: string, lines: string[]) => {
    const file = path.join(root, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, lines.join('\n') + '\n');
    return file;
  };

  describe('validate', () => {
    it('accepts files and globs below a root, relative ones below the first root', () => {
      expect(backend.validate({ path: path.join(root, 'app.log') })).toEqual([]);
      expect(
        backend.validate({ path: ['app.log', 'nested/**/*.log'], format: 'text', pattern: '^(?<level>\\w+) (?<message>.*)$', labels: { a: 'b' } }),
      ).toEqual([]);
      expect(backend.validate({ path: path.join(dataDir, 'logs', 'console.log') })).toEqual([]);
    });

    it('names every problem: paths outside the roots, .., the data directory, fields, formats, patterns, labels', () => {
      expect(backend.validate({})).toEqual(['path: required']);
      expect(backend.validate({ path: [] })).toEqual(['path: required']);
      expect(backend.validate({ path: [1] })).toEqual(['path: must be a file or glob, or a list of them']);
      const problems = backend.validate({
        path: ['/etc/passwd', `${root}/*/../../outside/x.log`, path.join(dataDir, 'connection.key'), path.join(outside, '*.log')],
        format: 'xml',
        timeField: '',
        pattern: '(unclosed',
        labels: { a: 1 },
        paths: 'typo',
      });
      expect(problems).toEqual([
        'paths: not a field of file (path, format, timeField, messageField, levelField, pattern, labels)',
        expect.stringMatching(/^path\[0\]: \/etc\/passwd is outside the folders log files may be read from \(.*; LOG_FILE_ROOTS\)$/),
        `path[1]: ${root}/*/../../outside/x.log: '..' is not allowed`,
        `path[2]: ${path.join(dataDir, 'connection.key')} is in the console's data directory`,
        expect.stringMatching(/^path\[3\]: .*outside\/\*\.log is outside the folders/),
        'format: must be json or text',
        'timeField: must be a field name',
        expect.stringMatching(/^pattern: is not a valid regular expression: /),
        'labels: must be a map of text values',
      ]);
      expect(backend.validate({ path: 'x.log', pattern: '^(\\w+) (.*)$' })).toEqual([
        'pattern: must have at least one of the named groups (?<time>…), (?<level>…), (?<message>…)',
      ]);
    });

    it('judges a symlinked folder by where it leads, also for a file not written yet', async () => {
      await fs.symlink(outside, path.join(root, 'escape'));
      expect(backend.validate({ path: 'escape/*.log' })).toEqual([expect.stringMatching(/^path: escape\/\*\.log is outside the folders/)]);
      expect(backend.validate({ path: 'escape/later/app.log' })).toEqual([expect.stringMatching(/^path: escape\/later\/app\.log is outside the folders/)]);
      // A root named through a link: a file below it, not written yet, is below the root.
      await fs.symlink(root, path.join(base, 'root-link'));
      const linked = new FileLogBackend({ dataDir, logs: { fileRoots: [path.join(base, 'root-link')] } }, evaluator);
      expect(linked.validate({ path: path.join(base, 'root-link', 'not-yet', 'app.log') })).toEqual([]);
      expect(linked.validate({ path: path.join(root, 'not-yet.log') })).toEqual([]);
    });
  });

  describe('search', () => {
    it('answers JSON lines newest first with pino levels, epoch-ms or ISO times, message and the other fields as labels', async () => {
      const file = await write('json/app.log', [
        JSON.stringify({ level: 60, time: now - 90 * MINUTE, msg: 'before the window' }),
        JSON.stringify({ level: 30, time: now - 30 * MINUTE, pid: 7, msg: 'started', req: { method: 'GET' } }),
        JSON.stringify({ level: 'WARN', time: iso(20), message: 'slow query' }),
        JSON.stringify({ level: 50, time: now - 10 * MINUTE, msg: 'failed', err: { code: 'E1' } }),
        'a plain line after it, without a time',
      ]);
      const stat = await fs.stat(file);
      const { lines, end } = await search({ path: 'json/app.log', labels: { app: 'shop' } });
      expect(lines).toEqual([
        // No time of its own: the file's modification time (it is the last line).
        { timestamp: stat.mtime.toISOString(), message: 'a plain line after it, without a time', labels: { app: 'shop', file } },
        { timestamp: iso(10), message: 'failed', level: 'error', labels: { app: 'shop', file, 'err.code': 'E1' } },
        { timestamp: iso(20), message: 'slow query', level: 'warn', labels: { app: 'shop', file } },
        { timestamp: iso(30), message: 'started', level: 'info', labels: { app: 'shop', file, pid: '7', 'req.method': 'GET' } },
      ]);
      expect(end).toEqual({ truncated: false });
    });

    it('reads text lines through the pattern (other named groups are labels; a line it does not match takes the newer time)', async () => {
      await write('text/app.log', [
        `${iso(40)} INFO boot done`,
        `${iso(30)} ERROR payment failed user=42`,
        '    at charge (pay.js:10)',
        `${iso(20)} WARN retrying payment user=43`,
      ]);
      const spec = { path: 'text/*.log', pattern: '^(?<time>\\S+) (?<level>[A-Z]+) (?<message>.*?)(?: user=(?<user>\\d+))?$' };
      const file = path.join(root, 'text/app.log');
      expect((await search(spec)).lines).toEqual([
        { timestamp: iso(20), message: 'retrying payment', level: 'warn', labels: { file, user: '43' } },
        { timestamp: iso(20), message: '    at charge (pay.js:10)', labels: { file } },
        { timestamp: iso(30), message: 'payment failed', level: 'error', labels: { file, user: '42' } },
        { timestamp: iso(40), message: 'boot done', level: 'info', labels: { file } },
      ]);
      // Free text: case-insensitive, in the message or a label's value.
      expect((await search(spec, { text: 'PAYMENT' })).lines.map((l) => l.message)).toEqual(['retrying payment', 'payment failed']);
      expect((await search(spec, { text: '42' })).lines.map((l) => l.message)).toEqual(['payment failed']);
      // The selector's query narrows too, and its labels must be the line's.
      expect((await search(spec, { selector: { name: 'app', query: 'retry' } })).lines.map((l) => l.message)).toEqual(['retrying payment']);
      expect((await search(spec, { selector: { name: 'app', labels: { user: '42' } } })).lines.map((l) => l.message)).toEqual(['payment failed']);
      // The window: lines after its end are left out, reading stops before its start.
      expect((await search(spec, { start: new Date(now - 35 * MINUTE), end: new Date(now - 25 * MINUTE) })).lines.map((l) => l.message)).toEqual([
        'payment failed',
      ]);
      // format: text takes a JSON line as text.
      await write('text/json-as-text.log', [`${iso(5)} INFO {"msg":"not json here"}`]);
      expect((await search({ ...spec, path: 'text/json-as-text.log', format: 'text' })).lines.map((l) => l.message)).toEqual(['{"msg":"not json here"}']);
    });

    it('merges several files newest first and stops at limit + 1 lines', async () => {
      await write('many/a.log', [JSON.stringify({ time: now - 50 * MINUTE, msg: 'a1' }), JSON.stringify({ time: now - 30 * MINUTE, msg: 'a2' })]);
      await write('many/b.log', [JSON.stringify({ time: now - 40 * MINUTE, msg: 'b1' }), JSON.stringify({ time: now - 20 * MINUTE, msg: 'b2' })]);
      await write('many/b.log.1', [JSON.stringify({ time: now - 55 * MINUTE, msg: 'b0' })]);
      const { lines } = await search({ path: ['many/*.log', 'many/*.log.1'] });
      expect(lines.map((l) => l.message)).toEqual(['b2', 'a2', 'b1', 'a1', 'b0']);
      expect(lines.map((l) => path.basename(l.labels.file))).toEqual(['b.log', 'a.log', 'b.log', 'a.log', 'b.log.1']);
      expect((await search({ path: 'many/*' }, { limit: 2 })).lines.map((l) => l.message)).toEqual(['b2', 'a2', 'b1']);
    });

    it('says the answer is incomplete when the bytes a search may read are spent', async () => {
      const lines = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ time: now - (2000 - i) * 1000, msg: `line ${i}` }));
      await write('big/app.log', lines);
      const small = new FileLogBackend({ dataDir, logs: { fileRoots: [root] } }, evaluator);
      small.scanBytes = 4096;
      const { lines: answered, end } = await (async () => {
        const out: LogLine[] = [];
        const iterator = small.search({ path: 'big/app.log' }, query({ limit: 5000 }), ctx());
        for (;;) {
          const next = await iterator.next();
          if (next.done) return { lines: out, end: next.value };
          out.push(next.value);
        }
      })();
      expect(end).toEqual({ truncated: true });
      expect(answered[0].message).toBe('line 1999');
      expect(answered.length).toBeGreaterThan(10);
      expect(answered.length).toBeLessThan(2000);
      expect((await search({ path: 'big/app.log' }, { limit: 5000 })).end).toEqual({ truncated: false });
    });

    it('refuses a file that leads outside the roots, and a path that matches nothing', async () => {
      await fs.writeFile(path.join(outside, 'secret.log'), 'secret\n');
      await fs.mkdir(path.join(root, 'links'), { recursive: true });
      await fs.symlink(path.join(outside, 'secret.log'), path.join(root, 'links', 'app.log'));
      // Named as such, the link is judged where it leads already when the spec is read...
      await expect(search({ path: 'links/app.log' })).rejects.toThrow(
        /^The file log backend is not valid: spec\.file\.path: links\/app\.log is outside the folders/,
      );
      // ...and a glob neither matches links to files nor walks linked folders ('escape' leads outside).
      await expect(search({ path: 'links/*.log' })).rejects.toThrow(/^path: no file matches links\/\*\.log$/);
      await expect(search({ path: '**/secret.log' })).rejects.toThrow(/^path: no file matches \*\*\/secret\.log$/);
      await expect(search({ path: 'nothing/*.log' })).rejects.toThrow(/^path: no file matches nothing\/\*\.log$/);
      await expect(search({ path: '/etc/passwd' })).rejects.toThrow(/The file log backend is not valid: spec\.file\.path: \/etc\/passwd is outside/);
    });

    it('stops with the signal', async () => {
      await write('stop/app.log', [JSON.stringify({ time: now, msg: 'x' })]);
      const controller = new AbortController();
      controller.abort(new Error('cancelled by the caller'));
      await expect(search({ path: 'stop/app.log' }, {}, controller.signal)).rejects.toThrow('cancelled by the caller');
    });

    it('stops a pattern that backtracks catastrophically in the evaluator, not on the event loop', async () => {
      const quick = new ExpressionEvaluator({ expressions: { timeoutMs: 300, workers: 1 } });
      try {
        const redos = new FileLogBackend({ dataDir, logs: { fileRoots: [root] } }, quick);
        await write('redos/app.log', [`${'a'.repeat(40)}!`]);
        const iterator = redos.search({ path: 'redos/app.log', pattern: '^(?<message>(a+)+)$' }, query(), ctx());
        await expect(iterator.next()).rejects.toThrow(/^pattern: could not be applied to the lines \(The (script|expression) took longer than 300 ms\)/);
      } finally {
        await quick.onModuleDestroy();
      }
    });
  });
});

describe('reading lines', () => {
  it('names pino levels and lower-cases others', () => {
    expect([10, 20, 30, 40, 50, 60, 35].map(levelName)).toEqual(['trace', 'debug', 'info', 'warn', 'error', 'fatal', '35']);
    expect(levelName('ERROR')).toBe('error');
    expect(levelName('50')).toBe('error');
    expect(levelName('')).toBeUndefined();
  });

  it('reads epoch milliseconds, epoch seconds and ISO times', () => {
    expect(lineTime(1_700_000_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(lineTime(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(lineTime('1700000000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(lineTime('2024-03-01T10:00:00Z')?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(lineTime('yesterday')).toBeNull();
    expect(lineTime({})).toBeNull();
  });

  it('reads a JSON line with named fields, dotted paths, and the rest as labels', () => {
    const object = { ts: '2024-03-01T10:00:00Z', body: { text: 'hello' }, severity: 'Info', host: 'a', ctx: { user: 'u1', n: 2 }, list: [1, 2] };
    expect(parseJsonLine(object, JSON.stringify(object), { timeField: 'ts', messageField: 'body.text', levelField: 'severity' }, { app: 'x' })).toEqual({
      time: new Date('2024-03-01T10:00:00Z'),
      message: 'hello',
      level: 'info',
      labels: { app: 'x', host: 'a', 'ctx.user': 'u1', 'ctx.n': '2', list: '[1,2]' },
    });
    const bare = { other: 1 };
    expect(parseJsonLine(bare, '{"other":1}', {}, {})).toEqual({ time: null, message: '{"other":1}', labels: { other: '1' } });
  });
});
