import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { patchDocument, readPatch } from './file-patch';

/** One entry of `files`: exactly one of `content`, `patch` and `delete: true`. */
export interface FileChange {
  path: string;
  content?: string;
  patch?: unknown;
  delete?: boolean;
}

/**
 * Why a path may not be written, or null: relative, `/` between folders, no empty, `.` or `..` part, and nothing
 * inside `.git` (the clone's own repository: its config and hooks).
 */
export function pathProblem(value: string): string | null {
  if (!value.trim()) return 'required';
  if (value.startsWith('/')) return 'must be relative to the repository';
  if (value.includes('\\')) return 'must use / between folders';
  if (value.includes('\0')) return 'must not hold a NUL character';
  const parts = value.split('/');
  if (parts.some((p) => p === '..')) return 'must not contain ..';
  if (parts.some((p) => p === '' || p === '.')) return 'must not have empty or . parts';
  if (parts.some((p) => p.toLowerCase() === '.git')) return 'must not be inside .git';
  return null;
}

async function lstat(file: string) {
  try {
    return await fs.lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The file's place in the clone, refusing any folder on the way that is a symbolic link (or a file): the
 * repository decides what its links point to, and a change must never land outside the clone.
 */
async function placeOf(dir: string, file: string): Promise<string> {
  const parts = file.split('/');
  let at = dir;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    const stat = await lstat(at);
    if (!stat) break;
    if (stat.isSymbolicLink()) throw new Error(`${path.relative(dir, at)} is a symbolic link in the repository`);
    if (!stat.isDirectory()) throw new Error(`${path.relative(dir, at)} is a file, not a folder`);
  }
  return path.join(dir, file);
}

/**
 * Applies one change to the clone's work tree. Answers whether the file's bytes changed; the caller stages it and
 * git says what differs from the commit. Throws with what is wrong (the caller names the entry).
 */
export async function applyChange(dir: string, change: FileChange): Promise<boolean> {
  const place = await placeOf(dir, change.path);
  const stat = await lstat(place);
  if (stat?.isDirectory()) throw new Error('is a folder');
  if (change.delete === true) {
    if (!stat) return false;
    await fs.unlink(place);
    return true;
  }
  if (stat?.isSymbolicLink()) throw new Error('is a symbolic link in the repository');
  const before = stat ? await fs.readFile(place) : null;
  let after: Buffer;
  if (change.content !== undefined) after = Buffer.from(change.content, 'utf8');
  else {
    if (!before) throw new Error('does not exist, so there is nothing to patch');
    const patched = patchDocument(change.path, before.toString('utf8'), readPatch(change.patch));
    if (patched === null) return false;
    after = Buffer.from(patched, 'utf8');
  }
  if (before && before.equals(after)) return false;
  await fs.mkdir(path.dirname(place), { recursive: true });
  await fs.writeFile(place, after);
  return true;
}
