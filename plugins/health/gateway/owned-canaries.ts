import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { OWNED_CANARIES, type CanaryOwner, type OwnedCanaries } from '@gateway/core/checks/owned-canaries';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CanariesService } from './canaries.service';

/**
 * Canaries written by other areas: a topology's inline checks. Validated like any canary (an invalid one throws with
 * every problem); whether the writer may save checks that run code was decided when the owner's document was saved.
 */
@Injectable()
@Extension(OWNED_CANARIES, 'health')
export class HealthOwnedCanaries implements OwnedCanaries {
  constructor(private readonly canaries: CanariesService) {}

  sync(tx: PoolClient, owner: CanaryOwner, spec: Record<string, unknown>): Promise<{ canaryId: string; checkIds: string[] }> {
    return this.canaries.syncOwned(tx, owner, spec);
  }

  async prune(tx: PoolClient, source: string, keep: readonly string[]): Promise<void> {
    await tx.query(
      `WITH gone AS (UPDATE canaries SET deleted_at = now() WHERE source = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[])) RETURNING id)
       UPDATE checks SET deleted_at = now(), next_runtime = NULL WHERE canary_id IN (SELECT id FROM gone) AND deleted_at IS NULL`,
      [source, keep],
    );
  }
}
