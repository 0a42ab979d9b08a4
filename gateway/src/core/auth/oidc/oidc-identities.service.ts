import type { LinkedIdentities, LinkedIdentity } from '@contracts';
import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db.service';
import { badRequest, notFound } from '../../http/domain-error';
import { IdentityService } from '../identity.service';
import { OidcClientService } from './oidc-client.service';

export const UNLINK_NEEDS_PASSWORD = 'Set a password before unlinking: it is your only way to sign in.';

/** 'Manage Social Sign In' on the profile page: list and unlink the person's provider identities. */
@Injectable()
export class OidcIdentitiesService {
  constructor(
    private readonly db: Db,
    private readonly oidc: OidcClientService,
    private readonly identity: IdentityService,
  ) {}

  async list(personId: string): Promise<LinkedIdentities> {
    const [identities, person] = await Promise.all([
      this.db.query<LinkedIdentity>(`select id, provider, email, created_at, last_used_at from person_identities where person_id = $1 order by created_at`, [
        personId,
      ]),
      this.db.one<{ has_password: boolean }>(`select password_hash is not null as has_password from people where id = $1`, [personId]),
    ]);
    return { enabled: this.oidc.enabled, label: this.oidc.settings?.label ?? '', identities, has_password: !!person?.has_password };
  }

  async unlink(personId: string, identityId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ has_password: boolean }>(`select password_hash is not null as has_password from people where id = $1 for update`, [
        personId,
      ]);
      if (!rows[0]?.has_password) throw badRequest(UNLINK_NEEDS_PASSWORD, 'password_required');
      const deleted = await tx.query(`delete from person_identities where id = $1 and person_id = $2 returning id`, [identityId, personId]);
      if (!deleted.rowCount) throw notFound('Linked identity not found');
    });
    this.identity.evictPerson(personId);
  }
}
