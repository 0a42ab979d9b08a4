import type { PoolClient } from 'pg';
import { createExtensionPoint } from '../plugin-host/extension-point';

/** Who owns a canary written by another area (a topology's inline checks): its `source` is `<kind>/<id>`. */
export interface CanaryOwner {
  source: string;
  name: string;
  namespace: string;
  agentId: string | null;
}

/**
 * Canaries other areas own (a topology's `checks[].inline`), provided by the health area:
 * `@Extension(OWNED_CANARIES, 'health')`. `sync` writes the canary for `spec` (a canary spec: one list per check
 * type) with health's own validation and check rows, in the caller's transaction, and answers its checks; the health
 * scheduler runs them. `prune` soft-deletes the owner's canaries not in `keep`.
 */
export interface OwnedCanaries {
  sync(tx: PoolClient, owner: CanaryOwner, spec: Record<string, unknown>): Promise<{ canaryId: string; checkIds: string[] }>;
  prune(tx: PoolClient, source: string, keep: readonly string[]): Promise<void>;
}

export const OWNED_CANARIES = createExtensionPoint<OwnedCanaries>({
  id: 'owned-canaries',
  description: 'canaries written by other areas (topology inline checks)',
});
