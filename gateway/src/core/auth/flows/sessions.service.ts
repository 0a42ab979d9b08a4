import { Injectable } from '@nestjs/common';
import type { SessionInfo } from '@contracts';
import { Db } from '../../database/db.service';
import { notFound } from '../../http/domain-error';
import { IdentityService } from '../identity.service';
import type { Principal } from '../principal';
import { FLOW_MESSAGES } from './flow-messages';

/**
 * The signed-in person's own sessions (profile page). A session is named by its public handle: `sessions.id` is the
 * hash of the cookie's secret and stays on the server. Someone else's session is "not found", never "forbidden".
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
  ) {}

  async list(principal: Principal): Promise<SessionInfo[]> {
    const rows = await this.db.query<SessionInfo & { created_at: Date; last_seen_at: Date; expires_at: Date }>(
      `select handle as id, id = $2 as current, aal, created_at, last_seen_at, expires_at, ip, user_agent
         from sessions where person_id = $1 and revoked_at is null and expires_at > now()
        order by (id = $2) desc, last_seen_at desc`,
      [principal.personId, principal.sessionId ?? ''],
    );
    return rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    }));
  }

  async revoke(principal: Principal, handle: string): Promise<void> {
    const row = await this.db.one<{ id: string }>(
      `update sessions set revoked_at = now() where handle = $1 and person_id = $2 and revoked_at is null and expires_at > now() returning id`,
      [handle, principal.personId],
    );
    if (!row) throw notFound(FLOW_MESSAGES.sessionNotFound, 'session_not_found');
    await this.identity.revokeSession(row.id); // drops it from this replica's cache at once
  }

  /** Every session but the current one (all of them for a caller without a session, e.g. Basic). */
  async revokeOthers(principal: Principal): Promise<{ revoked: number }> {
    const rows = await this.db.query<{ id: string }>(
      `update sessions set revoked_at = now() where person_id = $1 and revoked_at is null and id is distinct from $2 returning id`,
      [principal.personId, principal.sessionId ?? null],
    );
    this.identity.evictPerson(principal.personId);
    return { revoked: rows.length };
  }
}
