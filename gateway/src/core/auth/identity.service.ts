import { Inject, Injectable } from '@nestjs/common';
import { effectiveRoles, isRole, type Role } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';
import { tooManyRequests, unauthorized } from '../http/domain-error';
import { decoyHash, verifyPassword } from './password';
import type { Principal } from './principal';
import { PrincipalCache } from './principal-cache';
import { newSecret, sha256 } from './tokens';

interface PersonRow {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  password_hash: string | null;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Built-in identity: people with argon2id hashes, server-side sessions, access tokens, login rate limiting.
 * Registration, recovery and 2FA slot in beside `login` later.
 */
@Injectable()
export class IdentityService {
  private readonly cache: PrincipalCache;

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cache = new PrincipalCache(config.authCacheMs);
  }

  /** Roles are read on every request (the spec: the roles query is never cached). */
  async rolesOf(personId: string): Promise<Role[]> {
    const rows = await this.db.query<{ role: string }>('select role from person_roles where person_id = $1', [personId]);
    return effectiveRoles(rows.map((r) => r.role).filter(isRole));
  }

  private async principalFor(person: PersonRow, via: Principal['via'], sessionId?: string): Promise<Principal> {
    return { personId: person.id, email: person.email, name: person.name, roles: await this.rolesOf(person.id), via, sessionId };
  }

  private findPersonByEmail(email: string): Promise<PersonRow | undefined> {
    return this.db.one<PersonRow>(
      'select id, name, email, avatar, password_hash from people where lower(email) = lower($1) and deleted_at is null',
      [email],
    );
  }

  async assertNotRateLimited(email: string, ip: string): Promise<void> {
    const { maxFailuresPerAccount, maxFailuresPerAddress, windowSeconds } = this.config.loginRateLimit;
    const row = await this.db.one<{ by_email: string; by_ip: string }>(
      `select count(*) filter (where lower(email) = lower($1)) as by_email,
              count(*) filter (where ip = $2) as by_ip
         from login_attempts
        where success = false and created_at > now() - make_interval(secs => $3)`,
      [email, ip, windowSeconds],
    );
    if (Number(row?.by_email) >= maxFailuresPerAccount || Number(row?.by_ip) >= maxFailuresPerAddress) {
      throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.');
    }
  }

  private async recordAttempt(email: string, ip: string, success: boolean): Promise<void> {
    await this.db.query('insert into login_attempts (email, ip, success) values ($1, $2, $3)', [email, ip, success]);
  }

  /** Checks email and password (rate limited per account and per address). */
  async authenticate(email: string, password: string, ip: string): Promise<Principal> {
    await this.assertNotRateLimited(email, ip);
    const person = await this.findPersonByEmail(email);
    const ok = person ? await verifyPassword(person.password_hash, password) : await verifyPassword(await decoyHash(), `${password}x`);
    await this.recordAttempt(email, ip, ok);
    if (!person || !ok) throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    await this.db.query('update people set last_login = now() where id = $1', [person.id]);
    return this.principalFor(person, 'basic');
  }

  /** Creates a server-side session; returns the opaque secret for the cookie (only its hash is stored). */
  async createSession(personId: string, ip: string, userAgent: string | undefined): Promise<{ secret: string; expiresAt: Date }> {
    const secret = newSecret();
    const expiresAt = new Date(Date.now() + this.config.sessionTtlHours * 3_600_000);
    await this.db.query(
      `insert into sessions (id, person_id, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5)`,
      [sha256(secret), personId, expiresAt, ip, userAgent?.slice(0, 500) ?? null],
    );
    return { secret, expiresAt };
  }

  /** One round trip resolves the session, its person and their roles (this runs on every request). */
  async principalFromSession(secret: string): Promise<Principal | undefined> {
    const id = sha256(secret);
    const cached = this.cache.get(`s:${id}`);
    if (cached) return cached;
    const row = await this.db.one<PersonRow & { stale: boolean; roles: string[] }>(
      `select p.id, p.name, p.email, p.avatar, s.last_seen_at < now() - interval '1 minute' as stale,
              array(select r.role from person_roles r where r.person_id = p.id) as roles
         from sessions s join people p on p.id = s.person_id
        where s.id = $1 and s.revoked_at is null and s.expires_at > now() and p.deleted_at is null`,
      [id],
    );
    if (!row) return undefined;
    if (row.stale) await this.db.query('update sessions set last_seen_at = now() where id = $1', [id]);
    const principal: Principal = { personId: row.id, email: row.email, name: row.name, roles: effectiveRoles(row.roles.filter(isRole)), via: 'session', sessionId: id };
    this.cache.set(`s:${id}`, principal);
    return principal;
  }

  async revokeSession(sessionId: string): Promise<void> {
    this.cache.delete(`s:${sessionId}`);
    await this.db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  }

  async principalFromAccessToken(token: string): Promise<Principal | undefined> {
    const key = `t:${sha256(token)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const person = await this.db.one<PersonRow & { token_id: string }>(
      `select p.id, p.name, p.email, p.avatar, p.password_hash, t.id as token_id
         from access_tokens t join people p on p.id = t.person_id
        where t.value_hash = $1 and (t.expires_at is null or t.expires_at > now()) and p.deleted_at is null`,
      [sha256(token)],
    );
    if (!person) return undefined;
    await this.db.query('update access_tokens set last_used_at = now() where id = $1', [person.token_id]);
    const principal = await this.principalFor(person, 'token');
    this.cache.set(key, principal);
    return principal;
  }

  /** Creates an access token for a person; the plain value is returned once and never stored. */
  async createAccessToken(personId: string, name: string, createdBy: string, ttlDays?: number): Promise<string> {
    const token = newSecret('oc_');
    await this.db.query(
      `insert into access_tokens (name, value_hash, person_id, created_by, expires_at)
       values ($1, $2, $3, $4, case when $5::int is null then null else now() + make_interval(days => $5::int) end)`,
      [name, sha256(token), personId, createdBy, ttlDays ?? null],
    );
    return token;
  }

  async person(personId: string): Promise<Omit<PersonRow, 'password_hash'> | undefined> {
    return this.db.one('select id, name, email, avatar from people where id = $1', [personId]);
  }
}
