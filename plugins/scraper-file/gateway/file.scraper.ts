import { realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { glob, isDynamicPattern } from 'tinyglobby';
import type { ScrapeContext, ScrapedConfig, ScrapedFormat, ScrapeOutput, ScraperSpec, ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { httpCall, httpUrl, isConnectionRef } from '@gateway/core/checks/runner-kit';
import { redactUrlPasswords } from '@gateway/core/outbound';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';

/** A file larger than this is reported and skipped: a config is a document, not a data dump (and it is held in memory). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Files read per scrape; beyond it the rest are reported (and their stored items kept, since the scrape has errors). */
export const MAX_FILES = 10_000;

const FORMATS: readonly ScrapedFormat[] = ['json', 'yaml', 'properties', 'other'];

/** The format a file's name says (the spec's `format` wins over it). */
export function formatOfName(name: string): ScrapedFormat {
  switch (path.extname(name).toLowerCase()) {
    case '.json':
      return 'json';
    case '.yaml':
    case '.yml':
      return 'yaml';
    case '.properties':
      return 'properties';
    default:
      return 'other';
  }
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() !== '');

/**
 * Scraper type `file`: every file matched by the `paths` globs on the console's disk, and the one document at `url`
 * (or the `connection`'s URL) fetched through the outbound policy. Each file is one document in its text; the engine
 * parses it (`format`, else the extension) and splits it (`items`). `ignore` globs drop matches.
 *
 * The guard rail for local reads: only files below the folders of `SCRAPER_FILE_ROOTS` (default the shipped `demo`
 * folder) are read, judged by their real path (a symlink cannot lead out), and never the console's data directory
 * (its database, its connection key). Relative patterns are relative to the first folder. A pattern outside them is
 * refused when the scraper is saved; a file that resolves outside them is an error of the run.
 */
@Injectable()
@Extension(SCRAPER_TYPES, 'file')
export class FileScraper implements ScraperType {
  readonly type = 'file';
  private readonly roots: string[];
  private readonly dataDirs: string[];

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataDir'> & { scrapers: Pick<AppConfig['scrapers'], 'fileRoots'> }) {
    // By real path, like the files they are compared with (a root or data directory reached through a link).
    this.roots = config.scrapers.fileRoots.map(realOrResolved);
    this.dataDirs = [...new Set([path.resolve(config.dataDir), realOrResolved(config.dataDir)])];
  }

  /** A pattern as the glob reads it: relative ones below the first allowed folder. */
  private absolute(pattern: string): string {
    return path.isAbsolute(pattern) ? pattern : path.join(this.roots[0] ?? '.', pattern);
  }

  /** Why `target` (a path, resolved when `real`) may not be read, or null. */
  private refusal(target: string): string | null {
    const inside = (dir: string) => target === dir || target.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
    if (this.dataDirs.some(inside)) return "is in the console's data directory";
    if (!this.roots.some(inside)) return `is outside the folders file scrapers may read (${this.roots.join(', ')}; SCRAPER_FILE_ROOTS)`;
    return null;
  }

  validate(spec: ScraperSpec): string[] {
    const errors: string[] = [];
    const { paths, url, connection, ignore } = spec;
    if (paths === undefined && (url === undefined || url === '') && (connection === undefined || connection === '')) {
      errors.push('paths: required (or url)');
    }
    if (paths !== undefined && (!strings(paths) || paths.length === 0)) errors.push('paths: must be a list of glob patterns');
    if (url !== undefined && url !== '' && (typeof url !== 'string' || !httpUrl(url))) errors.push('url: must be an http:// or https:// URL');
    if (connection !== undefined && connection !== '' && !isConnectionRef(connection)) errors.push('connection: must be a connection:// reference');
    if (ignore !== undefined && !strings(ignore)) errors.push('ignore: must be a list of glob patterns');
    if (strings(paths)) {
      paths.forEach((pattern, i) => {
        // A `..` after a wildcard (`dir/*/../../etc/*`) would make the glob walk, and name, what lies outside.
        if (pattern.split(/[\\/]/).includes('..')) return void errors.push(`paths[${i}]: ${pattern}: '..' is not allowed in a pattern`);
        const why = this.refusal(staticBase(this.absolute(pattern)));
        if (why) errors.push(`paths[${i}]: ${pattern} ${why}`);
      });
    }
    if (spec.format !== undefined && !FORMATS.includes(spec.format as ScrapedFormat)) errors.push(`format: must be one of ${FORMATS.join(', ')}`);
    return errors;
  }

  async scrape(spec: ScraperSpec, ctx: ScrapeContext): Promise<ScrapeOutput> {
    const problems = this.validate(spec);
    if (problems.length) throw new Error(problems.join('; '));
    const format = spec.format as ScrapedFormat | undefined;
    const configs: ScrapedConfig[] = [];
    const errors: string[] = [];

    const remote = spec.url || spec.connection ? await this.fetchRemote(spec, ctx, format) : null;
    if (remote) configs.push(remote);

    if (Array.isArray(spec.paths)) {
      const files = await matchFiles(
        (spec.paths as string[]).map((p) => this.absolute(p)),
        (spec.ignore as string[] | undefined) ?? [],
        this.roots[0] ?? process.cwd(),
        errors,
      );
      if (files.length > MAX_FILES) errors.push(`paths: ${files.length} files matched, only the first ${MAX_FILES} are read`);
      for (const file of files.slice(0, MAX_FILES)) {
        if (ctx.signal.aborted) throw new Error(`timed out after ${ctx.timeoutMs}ms`);
        const real = await fs.realpath(file).catch(() => file);
        const why = this.refusal(real);
        if (why) {
          errors.push(`${file}: ${why}`);
          continue;
        }
        const read = await readCapped(real);
        if (typeof read === 'string') configs.push({ config: read, format: format ?? formatOfName(file), source: file });
        else errors.push(`${file}: ${read.error}`);
      }
    }
    return { configs, errors };
  }

  private async fetchRemote(spec: ScraperSpec, ctx: ScrapeContext, format: ScrapedFormat | undefined): Promise<ScrapedConfig> {
    const raw = spec.url ? String(spec.url) : await ctx.resolveSecret(spec.connection);
    const url = raw ? httpUrl(raw) : null;
    if (!url) throw new Error(spec.url ? 'url: must be an http:// or https:// URL' : 'connection: could not be resolved to an http(s) URL');
    // Credentials in the URL travel as Basic authentication, never in the request line.
    const headers: Record<string, string> = {};
    if (url.username) {
      headers.authorization = 'Basic ' + Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
      url.username = '';
      url.password = '';
    }
    const res = await httpCall(url, { outbound: ctx.outbound, headers, signal: ctx.signal, timeoutMs: ctx.timeoutMs, maxBytes: MAX_FILE_BYTES });
    const source = redactUrlPasswords(url.href);
    if (res.code < 200 || res.code > 299) throw new Error(`${source}: HTTP ${res.code}`);
    return { config: res.body, format: format ?? formatOfName(url.pathname), source };
  }
}

/**
 * The files the globs match (absolute, sorted, each once) minus the `ignore` ones. A pattern whose fixed leading
 * directory does not exist is reported: a typo or an unmounted volume must not look like "no configs any more".
 */
async function matchFiles(patterns: string[], ignore: string[], root: string, errors: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const pattern of patterns) {
    const base = staticBase(pattern);
    const exists = await fs.stat(base).then(
      () => true,
      () => false,
    );
    if (!exists) {
      errors.push(`paths: ${base} does not exist`);
      continue;
    }
    for (const file of await glob(pattern, { absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false })) found.add(file);
  }
  const ignored = ignore.map(globMatcher);
  const names = (f: string) => [f, path.relative(root, f), path.relative(process.cwd(), f), path.basename(f)];
  return [...found].filter((f) => !ignored.some((matches) => names(f).some(matches))).sort();
}

/** The part of a pattern before its first dynamic segment (the directory that must exist for it to match anything). */
function staticBase(pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  return path.resolve(fixed.join('/') || '.');
}

/**
 * `ignore` glob → a matcher over a whole path: `**` any depth, `*` and `?` within one segment. Matched by dynamic
 * programming over (pattern, path) positions, never by a backtracking RegExp: `**a**a**a…` against a long path took
 * the gateway's event loop for minutes that way.
 */
export function globMatcher(pattern: string): (text: string) => boolean {
  type Token = { kind: 'any' | 'dirs' | 'segment' | 'one'; char?: undefined } | { kind: 'char'; char: string };
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      tokens.push({ kind: slash ? 'dirs' : 'any' });
      i += slash ? 2 : 1;
    } else if (c === '*') tokens.push({ kind: 'segment' });
    else if (c === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char: c });
  }
  return (text: string) => {
    // reach[j]: the first i tokens can match text[0, j).
    let reach = new Uint8Array(text.length + 1);
    reach[0] = 1;
    for (const token of tokens) {
      const next = new Uint8Array(text.length + 1);
      let seen = false;
      for (let j = 0; j <= text.length; j++) {
        if (token.kind === 'any' || token.kind === 'segment') {
          // Zero characters, or one more after a reachable position (within a segment for `*`).
          if (reach[j] || (j > 0 && next[j - 1] && (token.kind === 'any' || text[j - 1] !== '/'))) next[j] = 1;
        } else if (token.kind === 'dirs') {
          // `**/`: nothing, or any text ending with '/' after a reachable position.
          if (j > 0 && reach[j - 1]) seen = true;
          if (reach[j] || (seen && text[j - 1] === '/')) next[j] = 1;
        } else if (j > 0 && reach[j - 1]) {
          const c = text[j - 1];
          if (token.kind === 'one' ? c !== '/' : c === token.char) next[j] = 1;
        }
      }
      reach = next;
    }
    return reach[text.length] === 1;
  };
}

function realOrResolved(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

/**
 * The file's text, or why it is skipped: not a regular file (a device or FIFO reached through a link would never
 * end), or over MAX_FILE_BYTES. Size is taken from the open handle, so a file swapped in between is held to it too.
 */
async function readCapped(file: string): Promise<string | { error: string }> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(file, 'r');
    const stat = await handle.stat();
    if (!stat.isFile()) return { error: 'not a regular file' };
    if (stat.size > MAX_FILE_BYTES) return { error: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB (${stat.size} bytes)` };
    const buffer = Buffer.alloc(stat.size);
    const { bytesRead } = await handle.read(buffer, 0, stat.size, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch (err) {
    return { error: (err as NodeJS.ErrnoException).code ?? (err as Error).message };
  } finally {
    await handle?.close();
  }
}
