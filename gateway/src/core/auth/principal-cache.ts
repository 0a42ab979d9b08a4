import type { Principal } from './principal';

/**
 * Resolving who calls costs a database round trip on every request. Principals are kept for a short time
 * (AUTH_CACHE_MS, default 2 s; 0 disables) keyed by the hash of their credential. Sign-out on this replica evicts
 * at once; role changes and revocations made elsewhere take effect within the TTL.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): Principal | undefined {
    if (this.ttlMs <= 0) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.principal;
  }

  set(key: string, principal: Principal): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { principal, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every cached credential of one person (a token revoked, a password changed). */
  evictPerson(personId: string): void {
    for (const [key, entry] of this.entries) if (entry.principal.personId === personId) this.entries.delete(key);
  }
}
