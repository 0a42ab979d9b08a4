import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { assertionsResult } from '@gateway/core/checks/runner-kit';

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 };

/** `90s`, `1h30m`, `2d`; a bare number is seconds. Null when unreadable. */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return value >= 0 ? value * 1000 : null;
  if (typeof value !== 'string') return null;
  const parts = [
    ...value
      .trim()
      .toLowerCase()
      .matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g),
  ];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value.trim().toLowerCase()) return null;
  return parts.reduce((sum, p) => sum + Number(p[1]) * DURATION_UNITS[p[2]], 0);
}

/** `10kb`, `1.5MB`, `200`; a bare number is bytes. Null when unreadable. */
export function parseSize(value: unknown): number | null {
  if (typeof value === 'number') return value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?$/i.exec(value.trim());
  return m ? Math.round(Number(m[1]) * SIZE_UNITS[(m[2] ?? 'b').toLowerCase()]) : null;
}

/**
 * The remote kind of a folder check, as canary-checker tells it: `s3://`, `gcs://`, `sftp://` and `smb://` paths, a
 * `\\server\share` path (SMB), or an `sftpConnection` / `smbConnection` beside a plain path. Null for a local path.
 */
export function remoteScheme(spec: CheckSpec): 's3' | 'gcs' | 'sftp' | 'smb' | null {
  const p = typeof spec.path === 'string' ? spec.path.trim().toLowerCase() : '';
  const scheme = /^(s3|gcs|sftp|smb):\/\//.exec(p)?.[1] as 's3' | 'gcs' | 'sftp' | 'smb' | undefined;
  if (scheme) return scheme;
  if (p.startsWith('\\\\') || isSet(spec.smbConnection)) return 'smb';
  if (isSet(spec.sftpConnection)) return 'sftp';
  return null;
}

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

interface FolderFile {
  name: string;
  size: number;
  modified: string;
}

/**
 * Check type `folder`: lists the files directly in `path` (optionally only names matching `filter.regex`). Paths on
 * s3://, gcs://, sftp:// and smb:// (and `\\server\share`, `sftpConnection`, `smbConnection`) save, and report
 * *invalid* when run: this console has no client for them yet.
 * Tests as in canary-checker: `minAge`/`maxAge` bound the age of the newest file, `minCount`/`maxCount` the number
 * of files, `minSize` the smallest and `maxSize` the largest file.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'folder')
export class FolderCheckRunner implements CheckRunner {
  readonly type = 'folder';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.path !== 'string' || !spec.path) errors.push('path: required');
    else if (!remoteScheme(spec) && !path.isAbsolute(spec.path))
      errors.push('path: must be an absolute local path, or an s3://, gcs://, sftp:// or smb:// path');
    for (const f of ['minAge', 'maxAge'] as const)
      if (spec[f] !== undefined && parseDuration(spec[f]) === null) errors.push(`${f}: must be a duration such as 30m, 1h or 2d`);
    for (const f of ['minSize', 'maxSize'] as const)
      if (spec[f] !== undefined && parseSize(spec[f]) === null) errors.push(`${f}: must be a size such as 10kb or 1mb`);
    for (const f of ['minCount', 'maxCount'] as const) {
      if (spec[f] !== undefined && !(Number.isInteger(spec[f]) && (spec[f] as number) >= 0)) errors.push(`${f}: must be an integer ≥ 0`);
    }
    const regex = (spec.filter as { regex?: unknown } | undefined)?.regex;
    if (regex !== undefined) {
      try {
        new RegExp(String(regex));
      } catch {
        errors.push('filter.regex: not a valid regular expression');
      }
    }
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return { pass: false, invalid: true, duration: 0, message: problems.join('; '), error: problems.join('; '), details: {} };
    const remote = remoteScheme(spec);
    if (remote) {
      // Saved as written, so canary files load unchanged; listing a remote store needs a client this console lacks.
      const message = `folder: ${remote}:// paths are not supported on this console yet`;
      return { pass: false, invalid: true, duration: Date.now() - started, message, error: message, details: { scheme: remote } };
    }
    const dir = spec.path as string;
    const regexText = (spec.filter as { regex?: string } | undefined)?.regex;
    const regex = regexText ? new RegExp(regexText) : null;
    const files: FolderFile[] = [];
    try {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      for (const entry of entries) {
        if (ctx.signal.aborted) throw new Error('aborted');
        if (!entry.isFile() || (regex && !regex.test(entry.name))) continue;
        const stat = await fs.stat(path.join(dir, entry.name));
        files.push({ name: entry.name, size: stat.size, modified: stat.mtime.toISOString() });
      }
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }

    const now = Date.now();
    const byAge = [...files].sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified));
    const newest = byAge[0] ?? null;
    const oldest = byAge[byAge.length - 1] ?? null;
    const sizes = files.map((f) => f.size);
    const failures: string[] = [];
    const newestAge = newest ? now - Date.parse(newest.modified) : null;
    const minAge = parseDuration(spec.minAge);
    const maxAge = parseDuration(spec.maxAge);
    if (spec.minAge !== undefined && newestAge !== null && newestAge < minAge!) failures.push(`${newest!.name} is newer than ${spec.minAge}`);
    if (spec.maxAge !== undefined && (newestAge === null || newestAge > maxAge!))
      failures.push(newest ? `newest file ${newest.name} is older than ${spec.maxAge}` : `no file newer than ${spec.maxAge}`);
    if (spec.minCount !== undefined && files.length < (spec.minCount as number)) failures.push(`${files.length} files, fewer than ${spec.minCount}`);
    if (spec.maxCount !== undefined && files.length > (spec.maxCount as number)) failures.push(`${files.length} files, more than ${spec.maxCount}`);
    if (spec.minSize !== undefined && sizes.length && Math.min(...sizes) < parseSize(spec.minSize)!) failures.push(`a file is smaller than ${spec.minSize}`);
    if (spec.maxSize !== undefined && sizes.length && Math.max(...sizes) > parseSize(spec.maxSize)!) failures.push(`a file is larger than ${spec.maxSize}`);

    const duration = Date.now() - started;
    const details = { files, count: files.length, totalSize: sizes.reduce((a, b) => a + b, 0), newest, oldest, duration };
    return assertionsResult(failures, `${files.length} files`, duration, details);
  }
}
