import * as argon2 from 'argon2';

const hashes = new Map<string, Promise<string>>();

/**
 * A test person's password hashed once per password and at argon2id's lowest cost. Signing in still runs the real
 * verification (argon2 reads the cost from the hash), without 64 MiB and a tenth of a second of a core for every person
 * a suite makes. The production cost is `hashPassword`'s (gateway/src/core/auth/password.ts), used by every flow that
 * sets a password through the API.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    hashes.set(password, hash);
  }
  return hash;
}
