import type { Organization } from '@contracts';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { Db } from '../../database/db.service';
import { notFound } from '../../http/domain-error';
import type { Principal } from '../principal';
import { claimedOrganizations, type Claims } from './oidc-claims';
import { OidcClientService } from './oidc-client.service';

interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  backend_url: string | null;
  direct: boolean;
  current: boolean;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  slug: row.slug,
  name: row.name,
  publicMetadata: { backend_url: row.backend_url, direct: row.direct },
  current: row.current,
});

/**
 * Hosted mode's organisations: named by the provider's claim (OIDC_ORG_CLAIM) at each sign-in, the person's
 * memberships follow the claim, and each session works in one of them (switchable). An organisation is the tenant
 * the console would partition data by; the console is one database and does not partition data per organisation.
 */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly db: Db,
    private readonly oidc: OidcClientService,
  ) {}

  get hosted(): boolean {
    return !!this.oidc.settings?.orgClaim;
  }

  /** Makes the person's memberships those of the claim (organisations are created or updated from it); returns the first. */
  async syncMemberships(tx: PoolClient, personId: string, claims: Claims): Promise<string | null> {
    const claimed = claimedOrganizations(claims, this.oidc.settings?.orgClaim ?? null);
    const ids: string[] = [];
    for (const org of claimed) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into organizations (slug, name, backend_url, direct) values ($1, $2, $3, $4)
         on conflict (slug) do update set name = excluded.name, backend_url = excluded.backend_url, direct = excluded.direct, updated_at = now()
         returning id`,
        [org.slug, org.name, org.backendUrl, org.direct],
      );
      ids.push(rows[0].id);
    }
    await tx.query(`delete from organization_members where person_id = $1 and not (organization_id = any($2::uuid[]))`, [personId, ids]);
    for (const [position, id] of ids.entries()) {
      await tx.query(
        `insert into organization_members (organization_id, person_id, position) values ($1, $2, $3)
         on conflict (organization_id, person_id) do update set position = excluded.position`,
        [id, personId, position],
      );
    }
    return ids[0] ?? null;
  }

  /** The person's organisations in the claim's order; `current` marks the session's (else the first). */
  async list(principal: Principal): Promise<Organization[]> {
    const rows = await this.db.query<OrganizationRow>(
      `with mine as (
         select o.*, m.position from organization_members m join organizations o on o.id = m.organization_id where m.person_id = $1
       ), chosen as (
         select coalesce((select s.organization_id from sessions s join mine on mine.id = s.organization_id where s.id = $2),
                         (select id from mine order by position, slug limit 1)) as id
       )
       select mine.id, mine.slug, mine.name, mine.backend_url, mine.direct, mine.id = (select id from chosen) as current
         from mine order by mine.position, mine.slug`,
      [principal.personId, principal.sessionId ?? null],
    );
    return rows.map(toOrganization);
  }

  async current(principal: Principal): Promise<Organization | null> {
    return (await this.list(principal)).find((org) => org.current) ?? null;
  }

  /** The session works in `slug` from now on; only an organisation the person belongs to. */
  async switchTo(principal: Principal & { sessionId: string }, slug: string): Promise<Organization> {
    const row = await this.db.one<{ id: string }>(
      `update sessions s set organization_id = o.id
         from organizations o join organization_members m on m.organization_id = o.id and m.person_id = $2
        where s.id = $1 and s.person_id = $2 and o.slug = $3
        returning o.id`,
      [principal.sessionId, principal.personId, slug.toLowerCase()],
    );
    if (!row) throw notFound(`You are not a member of the organization '${slug}'`, 'organization_not_found');
    const org = await this.current(principal);
    return org!;
  }

  async setSessionOrganization(sessionId: string, organizationId: string | null): Promise<void> {
    if (organizationId) await this.db.query(`update sessions set organization_id = $2 where id = $1`, [sessionId, organizationId]);
  }
}
