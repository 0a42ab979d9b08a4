import { Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { isRole, type Role } from '@contracts';
import { Db } from '../../database/db.service';
import { HAS_SECOND_FACTOR_SQL, IdentityService } from '../identity.service';
import { claimedEmail, displayName, mappedRoles, type Claims } from './oidc-claims';
import { OidcClientService } from './oidc-client.service';
import { OrganizationsService } from './organizations.service';
import { SSO_ERROR, type SsoErrorCode } from './sso-errors';

/** A sign-in the console refuses, with the code the login page explains. */
export class SingleSignOnRefused extends Error {
  constructor(readonly code: SsoErrorCode) {
    super(`Single sign-on refused: ${code}`);
  }
}

export interface SignedInPerson {
  personId: string;
  secondFactor: boolean;
  /** The first organisation of the claim (hosted mode), the session's current one. */
  organizationId: string | null;
}

interface IdentityRow {
  id: string;
  person_id: string;
  provider_roles: string[];
  state: string;
  deleted: boolean;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Who a provider's identity is in the console: found by (issuer, subject), else linked by an email the provider says is
 * verified to an existing active person, else a new person (just in time). Each sign-in brings the roles the provider
 * grants (its claim through OIDC_ROLE_MAP) up to date, and in hosted mode the person's organisations.
 */
@Injectable()
export class OidcAccountsService {
  private readonly logger = new Logger('SingleSignOn');

  constructor(
    private readonly db: Db,
    private readonly oidc: OidcClientService,
    private readonly identity: IdentityService,
    private readonly organizations: OrganizationsService,
  ) {}

  async signIn(issuer: string, claims: Claims): Promise<SignedInPerson> {
    const subject = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    if (!subject) throw new SingleSignOnRefused(SSO_ERROR.noSubject);
    const run = () =>
      this.db.transaction(async (tx) => {
        const identity = (await this.findIdentity(tx, issuer, subject)) ?? (await this.linkOrCreate(tx, issuer, subject, claims));
        if (identity.state !== 'active' || identity.deleted) throw new SingleSignOnRefused(SSO_ERROR.deactivated);
        await this.syncRoles(tx, identity, mappedRoles(claims, this.oidc.settings!));
        const { email } = claimedEmail(claims);
        await tx.query(`update person_identities set last_used_at = now(), email = coalesce($2, email) where id = $1`, [identity.id, email]);
        await tx.query(`update people set last_login = now() where id = $1`, [identity.person_id]);
        const organizationId = this.oidc.settings!.orgClaim ? await this.organizations.syncMemberships(tx, identity.person_id, claims) : null;
        const { rows } = await tx.query<{ second_factor: boolean }>(`select ${HAS_SECOND_FACTOR_SQL} as second_factor from people p where p.id = $1`, [
          identity.person_id,
        ]);
        return { personId: identity.person_id, secondFactor: !!rows[0]?.second_factor, organizationId };
      });
    let signedIn: SignedInPerson;
    try {
      signedIn = await run();
    } catch (error) {
      // Two first sign-ins of one person at once: the second finds what the first made.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      signedIn = await run();
    }
    this.identity.evictPerson(signedIn.personId);
    return signedIn;
  }

  /** The profile page's 'link': the signed-in person adds this provider identity to their account. */
  async link(personId: string, issuer: string, claims: Claims): Promise<void> {
    const subject = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    if (!subject) throw new SingleSignOnRefused(SSO_ERROR.noSubject);
    const { email } = claimedEmail(claims);
    const rows = await this.db.query<{ person_id: string }>(
      `insert into person_identities (provider, subject, person_id, email) values ($1, $2, $3, $4)
       on conflict (provider, subject) do update set last_used_at = person_identities.last_used_at
       returning person_id`,
      [issuer, subject, personId, email],
    );
    if (rows[0]?.person_id !== personId) throw new SingleSignOnRefused(SSO_ERROR.linkedElsewhere);
  }

  /** The active person behind a provider subject, for Bearer JWTs (no account is made from a token). */
  async personFor(issuer: string, subject: string): Promise<{ id: string; name: string; email: string } | undefined> {
    return this.db.one(
      `select p.id, p.name, p.email from person_identities i join people p on p.id = i.person_id
        where i.provider = $1 and i.subject = $2 and p.state = 'active' and p.deleted_at is null`,
      [issuer, subject],
    );
  }

  private async findIdentity(tx: PoolClient, issuer: string, subject: string): Promise<IdentityRow | undefined> {
    const { rows } = await tx.query<IdentityRow>(
      `select i.id, i.person_id, i.provider_roles, p.state, p.deleted_at is not null as deleted
         from person_identities i join people p on p.id = i.person_id
        where i.provider = $1 and i.subject = $2
          for update of i`,
      [issuer, subject],
    );
    return rows[0];
  }

  private async linkOrCreate(tx: PoolClient, issuer: string, subject: string, claims: Claims): Promise<IdentityRow> {
    const { email, verified } = claimedEmail(claims);
    if (!email) throw new SingleSignOnRefused(SSO_ERROR.noEmail);
    const { rows: existing } = await tx.query<{ id: string; state: string; deleted: boolean }>(
      `select id, state, deleted_at is not null as deleted from people where email = $1::citext for update`,
      [email],
    );
    let personId: string;
    if (existing[0]) {
      if (existing[0].state !== 'active' || existing[0].deleted) throw new SingleSignOnRefused(SSO_ERROR.deactivated);
      // Only an address the provider vouches for may take over an existing account.
      if (!verified) throw new SingleSignOnRefused(SSO_ERROR.unverifiedEmail);
      personId = existing[0].id;
    } else {
      const { rows } = await tx.query<{ id: string }>(
        `insert into people (name, email, email_verified_at) values ($1, $2, case when $3 then now() end) returning id`,
        [displayName(claims, email), email, verified],
      );
      personId = rows[0].id;
      this.logger.log(`Created person ${personId} at their first single sign-on`);
    }
    const { rows } = await tx.query<{ id: string }>(
      `insert into person_identities (provider, subject, person_id, email) values ($1, $2, $3, $4) returning id`,
      [issuer, subject, personId, email],
    );
    return { id: rows[0].id, person_id: personId, provider_roles: [], state: 'active', deleted: false };
  }

  /**
   * The roles the provider granted last time are replaced by those it grants now; roles given in the console (users
   * page) stay. The last active admin is never taken away by a sign-in.
   */
  private async syncRoles(tx: PoolClient, identity: IdentityRow, granted: Role[]): Promise<void> {
    const { rows } = await tx.query<{ role: string }>(`select role from person_roles where person_id = $1 for update`, [identity.person_id]);
    const held = rows.map((r) => r.role).filter(isRole);
    const local = held.filter((role) => !identity.provider_roles.includes(role));
    const next = new Set<Role>([...local, ...granted]);
    if (held.includes('admin') && !next.has('admin')) {
      const { rows: admins } = await tx.query<{ n: number }>(
        `select count(distinct p.id)::int as n from people p join person_roles r on r.person_id = p.id and r.role = 'admin'
          where p.state = 'active' and p.deleted_at is null and p.id <> $1`,
        [identity.person_id],
      );
      if (admins[0].n === 0) {
        this.logger.warn('A sign-in would have removed the last active admin; admin kept');
        next.add('admin');
      }
    }
    const roles = [...next];
    await tx.query(`delete from person_roles where person_id = $1 and not (role = any($2::text[]))`, [identity.person_id, roles]);
    await tx.query(`insert into person_roles (person_id, role) select $1, unnest($2::text[]) on conflict do nothing`, [identity.person_id, roles]);
    const providerRoles = granted.filter((role) => !local.includes(role));
    await tx.query(`update person_identities set provider_roles = $2 where id = $1`, [identity.id, providerRoles]);
  }
}
