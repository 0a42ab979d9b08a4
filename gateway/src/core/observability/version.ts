import * as fs from 'node:fs';
import * as path from 'node:path';

let cached: string | undefined;

/** The version of the root package.json, found by walking up from this file (works from src and dist). */
export function backendVersion(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'ops-console') return (cached = pkg.version ?? '0.0.0');
    }
    dir = path.dirname(dir);
  }
  return (cached = '0.0.0');
}
