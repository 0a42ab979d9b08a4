import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AppConfig } from '../config/app-config';

/**
 * The symmetric key that encrypts connection secrets at rest (pgcrypto `pgp_sym_encrypt`).
 * `CONNECTION_KEY` (the config's `connectionKey`) wins; otherwise a random key is generated once into
 * `DATA_DIR/connection.key` (0600). Replicas must share the key: set `CONNECTION_KEY` (or share the file) when running
 * more than one.
 */
export function loadConnectionKey({ dataDir, connectionKey }: Pick<AppConfig, 'dataDir' | 'connectionKey'>): string {
  if (connectionKey?.trim()) return connectionKey.trim();
  const file = path.join(dataDir, 'connection.key');
  try {
    return readKey(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together never overwrite each other's key; the loser reads the winner's.
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKey(file);
}

function readKey(file: string): string {
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!key) throw new Error(`${file} is empty; delete it to generate a new key (stored secrets would then be unreadable)`);
  return key;
}
