import { constants as fsConstants, realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { glob, isDynamicPattern } from 'tinyglobby';
import type { LogBackendQuery, LogBackendSpec, LogBackendType, LogLine, LogSearchContext } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { badRequest } from '@gateway/core/http/domain-error';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { linesFromEnd, MAX_SCAN_BYTES, scanBudget, type ScanBudget } from './backward-lines';
import { jsonObject, parseGroups, parseJsonLine, type JsonFields, type ParsedLine } from './line-parser';
import { LinePattern, patternProblem } from './line-pattern';

/** Files one search reads at most (the newest by modification time); more make the answer incomplete. */
export const MAX_FILES = 64;

const FIELDS = ['path', 'format', 'timeField', 'messageField', 'levelField', 'pattern', 'labels'] as const;
const FORMATS = ['json', 'text'] as const;

/** A spec as the search reads it (validated first). */
interface FileSpec extends JsonFields {
  paths: string[];
  format?: 'json' | 'text';
  pattern?: string;
  labels: Record<string, string>;
}

/** A file that may be read, as found. */
interface FoundFile {
  /** As matched (the `file` label). */
  name: string;
  real: string;
  size: number;
  mtime: Date;
}

const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The real path of `target`, or of its nearest existing folder with the rest appended (a file not written yet). */
function realOrResolved(target: string): string {
  const resolved = path.resolve(target);
  let existing = resolved;
  for (;;) {
    try {
      return path.join(realpathSync.native(existing), path.relative(existing, resolved));
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return resolved;
      existing = parent;
    }
  }
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The part of a pattern before its first dynamic segment (the folder the glob walks from). */
function staticBase(pattern: string): string {
  const fixed: string[] = [];
  for (const segment of pattern.split('/')) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  return path.resolve(fixed.join('/') || '/');
}

/**
 * Log-backend type `file`: lines of files on the console's disk, `path` a file or glob (or a list of them), newest
 * first. A line is JSON (`format: json`; by default a line that parses as a JSON object) with its time, message and
 * level in `timeField` / `messageField` / `levelField` (defaults time, msg|message, level; pino's numeric levels as
 * names) and its other fields as labels, or text, read by `pattern`'s named groups time, level, message (other
 * named groups are labels; without a pattern the line is the message).
 *
 * Guard rails: only files whose real path (symlinks resolved) lies below a folder of LOG_FILE_ROOTS are read, and in
 * the console's data directory only its `logs` folder; a pattern outside them is refused when the backend is saved and
 * every file is judged again when it is read. Files are read from their end in chunks (never whole), at most
 * MAX_SCAN_BYTES per search (then the answer says it is incomplete). The pattern runs in the bounded evaluator.
 */
@Injectable()
@Extension(LOG_BACKENDS, 'file')
export class FileLogBackend implements LogBackendType {
  readonly type = 'file';
  /** Bytes one search may read (MAX_SCAN_BYTES; smaller in tests). */
  scanBytes = MAX_SCAN_BYTES;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'dataDir'> & { logs: Pick<AppConfig['logs'], 'fileRoots'> },
    private readonly evaluator: ExpressionEvaluator,
  ) {}

  /** The folders that may be read, by real path (a root reached through a link is compared as what it is). */
  private roots(): string[] {
    return this.config.logs.fileRoots.map(realOrResolved);
  }

  /** Relative paths are below the first root. */
  private absolute(pattern: string): string {
    return path.isAbsolute(pattern) ? path.normalize(pattern) : path.join(this.roots()[0] ?? process.cwd(), pattern);
  }

  /** Why a (real) path may not be read, or null. */
  private refusal(target: string): string | null {
    const dataDir = realOrResolved(this.config.dataDir);
    // The data directory holds the database and the connection key; only the console's own log folder is readable there.
    if (inside(target, dataDir) && !inside(target, realOrResolved(path.join(this.config.dataDir, 'logs')))) return "is in the console's data directory";
    const roots = this.roots();
    if (!roots.some((root) => inside(target, root))) return `is outside the folders log files may be read from (${roots.join(', ')}; LOG_FILE_ROOTS)`;
    return null;
  }

  validate(spec: LogBackendSpec): string[] {
    const errors: string[] = [];
    for (const key of Object.keys(spec)) if (!(FIELDS as readonly string[]).includes(key)) errors.push(`${key}: not a field of file (${FIELDS.join(', ')})`);
    const paths = spec.path;
    const list = typeof paths === 'string' ? [paths] : paths;
    if (paths === undefined || paths === null || paths === '' || (Array.isArray(paths) && paths.length === 0)) errors.push('path: required');
    else if (!Array.isArray(list) || !list.every((p) => typeof p === 'string' && p.trim() !== ''))
      errors.push('path: must be a file or glob, or a list of them');
    else {
      list.forEach((pattern: string, i) => {
        const at = Array.isArray(paths) ? `path[${i}]` : 'path';
        // A `..` after a wildcard (`dir/*/../../etc/*`) would make the glob walk, and name, what lies outside.
        if (pattern.split(/[\\/]/).includes('..')) return void errors.push(`${at}: ${pattern}: '..' is not allowed`);
        const why = this.refusal(realOrResolved(staticBase(this.absolute(pattern))));
        if (why) errors.push(`${at}: ${pattern} ${why}`);
      });
    }
    if (spec.format !== undefined && !(FORMATS as readonly unknown[]).includes(spec.format)) errors.push('format: must be json or text');
    for (const name of ['timeField', 'messageField', 'levelField'] as const) {
      if (spec[name] !== undefined && (typeof spec[name] !== 'string' || !spec[name])) errors.push(`${name}: must be a field name`);
    }
    if (spec.pattern !== undefined) {
      const problem = patternProblem(spec.pattern);
      if (problem) errors.push(`pattern: ${problem}`);
    }
    if (spec.labels !== undefined && (!isMap(spec.labels) || !Object.values(spec.labels).every((v) => typeof v === 'string'))) {
      errors.push('labels: must be a map of text values');
    }
    return errors;
  }

  async *search(spec: LogBackendSpec, query: LogBackendQuery, ctx: LogSearchContext): AsyncGenerator<LogLine, { truncated: boolean }> {
    const problems = this.validate(spec);
    if (problems.length) throw badRequest(`The file log backend is not valid: ${problems.map((p) => `spec.file.${p}`).join('; ')}`, 'invalid_logging_backend');
    const options = readSpec(spec);
    const { files, dropped } = await this.files(options.paths, query.start);
    const budget = scanBudget(this.scanBytes);
    const pattern = options.pattern ? new LinePattern(this.evaluator, options.pattern) : null;
    const sources = files.map((file) => fileLines(file, options, query, budget, pattern, ctx.signal));
    const heads: ((LogLine & { at: number }) | null)[] = [];
    try {
      // Newest first across files: the newest of each file's next lines, one file's lines at a time.
      for (let i = 0; i < sources.length; i++) heads[i] = (await sources[i].next()).value ?? null;
      let yielded = 0;
      while (yielded <= query.limit) {
        let best = -1;
        for (let i = 0; i < heads.length; i++) if (heads[i] && (best < 0 || heads[i]!.at > heads[best]!.at)) best = i;
        if (best < 0) break;
        const { at: _at, ...line } = heads[best]!;
        yield line;
        yielded++;
        heads[best] = (await sources[best].next()).value ?? null;
      }
    } finally {
      await Promise.all(sources.map((s) => s.return(undefined).catch(() => undefined)));
    }
    return { truncated: budget.exhausted || dropped };
  }

  /**
   * The files the paths name, each judged by its real path (a refusal fails the search: it names the file), newest
   * first, without those last written before the window; at most MAX_FILES (`dropped` when there were more).
   */
  private async files(paths: string[], start: Date): Promise<{ files: FoundFile[]; dropped: boolean }> {
    const matched = new Set<string>();
    for (const pattern of paths.map((p) => this.absolute(p))) {
      if (isDynamicPattern(pattern)) {
        for (const file of await glob(pattern, { absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false, dot: true })) {
          matched.add(path.normalize(file));
        }
      } else matched.add(pattern);
    }
    const found: FoundFile[] = [];
    let existing = 0;
    for (const name of [...matched].sort()) {
      const real = await fs.realpath(name).catch(() => null);
      if (!real) continue;
      existing++;
      const why = this.refusal(real);
      if (why) throw badRequest(`path: ${name}${real === name ? '' : ` (${real})`} ${why}`, 'log_file_refused');
      const stat = await fs.stat(real).catch(() => null);
      if (!stat?.isFile()) continue;
      // Nothing in a file last written before the window can be in it.
      if (stat.mtime.getTime() < start.getTime()) continue;
      found.push({ name, real, size: stat.size, mtime: stat.mtime });
    }
    if (!existing) throw badRequest(`path: no file matches ${paths.join(', ')}`, 'log_file_not_found');
    found.sort((a, b) => b.mtime.getTime() - a.mtime.getTime());
    return { files: found.slice(0, MAX_FILES), dropped: found.length > MAX_FILES };
  }
}

function readSpec(spec: LogBackendSpec): FileSpec {
  const paths = typeof spec.path === 'string' ? [spec.path] : (spec.path as string[]);
  return {
    paths,
    format: spec.format as FileSpec['format'],
    pattern: spec.pattern as string | undefined,
    timeField: spec.timeField as string | undefined,
    messageField: spec.messageField as string | undefined,
    levelField: spec.levelField as string | undefined,
    labels: (spec.labels as Record<string, string> | undefined) ?? {},
  };
}

/** Case-insensitive needles every answered line holds in its message or a label's value (the search and the selector's query). */
function needlesOf(query: LogBackendQuery): string[] {
  return [query.text, query.selector.query ?? ''].map((n) => n.trim().toLowerCase()).filter(Boolean);
}

function matches(line: ParsedLine, needles: string[], selectorLabels: Record<string, string>): boolean {
  for (const [key, value] of Object.entries(selectorLabels)) if (line.labels[key] !== value) return false;
  const values = Object.values(line.labels).map((v) => v.toLowerCase());
  const message = line.message.toLowerCase();
  return needles.every((n) => message.includes(n) || values.some((v) => v.includes(n)));
}

/**
 * One file's answered lines, newest first, each with its time in ms (`at`). A line without a time of its own takes the
 * time of the line after it (the file's modification time for the last): a stack trace's lines follow their entry.
 * The file is taken as written in time order: reading stops at its first line before the window.
 */
async function* fileLines(
  file: FoundFile,
  spec: FileSpec,
  query: LogBackendQuery,
  budget: ScanBudget,
  pattern: LinePattern | null,
  signal: AbortSignal,
): AsyncGenerator<LogLine & { at: number }> {
  // O_NOFOLLOW: the real path was judged; a link swapped in since is not followed.
  const handle = await fs.open(file.real, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  const labels = { ...spec.labels, file: file.name };
  const needles = needlesOf(query);
  const selectorLabels = query.selector.labels ?? {};
  // A needle found in the fixed labels matches every line; the others must be in the line's text to be anywhere in it.
  const fixed = Object.values(labels).map((v) => v.toLowerCase());
  const prefilter = needles.filter((n) => !fixed.some((v) => v.includes(n)));
  const start = query.start.getTime();
  const end = query.end.getTime();
  let newer = file.mtime.getTime();
  try {
    for await (const batch of linesFromEnd(handle, file.size, budget, { signal })) {
      for (const line of await parseBatch(batch, spec, labels, pattern, prefilter)) {
        if (!line) continue;
        if (line.time) newer = line.time.getTime();
        const at = newer;
        if (at > end) continue;
        if (at < start) return;
        if (!matches(line, needles, selectorLabels)) continue;
        yield {
          timestamp: new Date(at).toISOString(),
          message: line.message,
          labels: line.labels,
          ...(line.level ? { level: line.level } : {}),
          at,
        };
      }
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * A batch of raw lines read: JSON lines parsed here, text lines through the pattern (one evaluation for the batch).
 * A text line without one of the `prefilter` needles skips the pattern: no group of it could hold the needle (groups are
 * parts of the line), so it cannot be answered.
 */
async function parseBatch(
  batch: string[],
  spec: FileSpec,
  labels: Record<string, string>,
  pattern: LinePattern | null,
  prefilter: string[],
): Promise<(ParsedLine | null)[]> {
  const out: (ParsedLine | null)[] = new Array(batch.length).fill(null);
  const text: number[] = [];
  batch.forEach((line, i) => {
    const object = spec.format === 'text' ? null : jsonObject(line);
    if (object) out[i] = parseJsonLine(object, line, spec, labels);
    else text.push(i);
  });
  if (!pattern) {
    for (const i of text) out[i] = { time: null, message: batch[i], labels: { ...labels } };
    return out;
  }
  // The batch's oldest text line always goes through the pattern: its time says whether the file is read further.
  const oldest = text[text.length - 1];
  const wanted = text.filter((i) => {
    const lower = batch[i].toLowerCase();
    return i === oldest || prefilter.every((n) => lower.includes(n));
  });
  const groups = await pattern.match(wanted.map((i) => batch[i]));
  const unmatched = new Set(text);
  wanted.forEach((i, k) => {
    unmatched.delete(i);
    const g = groups[k];
    out[i] = g ? parseGroups(g, batch[i], labels) : { time: null, message: batch[i], labels: { ...labels } };
  });
  // Lines without the needles are not answered: they only carry the newer line's time.
  for (const i of unmatched) out[i] = { time: null, message: batch[i], labels: { ...labels } };
  return out;
}
