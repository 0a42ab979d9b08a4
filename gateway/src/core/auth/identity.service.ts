import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { effectiveRoles, isRole, type Aal, type Role, type SecondFactorMethod } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';
import { tooManyRequests, unauthorized } from '../http/domain-error';
import { HashLimiter } from './hash-limiter';
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
  second_factor?: boolean;
}

/** Whether person `p` has a second factor (an authenticator app or a security key): their sessions need aal2. */
export const HAS_SECOND_FACTOR_SQL = `(p.totp_enabled_at IS NOT NULL OR EXISTS (SELECT 1 FROM webauthn_credentials w WHERE w.person_id = p.id))`;

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The purpose (and name) of the kubeconfig download's token: one per person, replaced by each download. */
export const KUBECONFIG_TOKEN = 'kubeconfig';

/** An access token as its owner sees it: never the value. */
export interface AccessTokenInfo {
  id: string;
  name: string;
  /** Set for a token the console made for a purpose (`kubeconfig`): one per person and purpose. */
  purpose: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Built-in identity: people with argon2id hashes, server-side sessions, access tokens, login rate limiting.
 * Sessions carry an assurance level (aal2 once a second factor was given) and when their person last proved who
 * they are; the account flows (registration, recovery, second factors, single sign-on) live beside this in `auth/`.
 */
@Injectable()
export class IdentityService {
  private readonly cache: PrincipalCache;
  private readonly hashing: HashLimiter;
  /** Keys Basic credentials in the cache: an HMAC under a key that never leaves this process, not the password. */
  private readonly basicKey = randomBytes(32);
  /** Basic verifications under way, so concurrent identical requests share one argon2 run. */
  private readonly verifying = new Map<string, Promise<Principal>>();

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cache = new PrincipalCache(config.authCacheMs);
    this.hashing = new HashLimiter(config.passwordHashConcurrency);
  }

  /**
   * `Authorization: Basic`: verified credentials are reused for AUTH_CACHE_MS (keyed by an HMAC of email and
   * password), so an API client does not cost an argon2 run per request; sign-out, password changes and
   * deactivation take effect within that time.
   */
  authenticateBasic(email: string, password: string, ip: () => string): Principal | Promise<Principal> {
    const key = `b:${createHmac('sha256', this.basicKey).update(email.toLowerCase()).update('\0').update(password).digest('hex')}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const running = this.verifying.get(key);
    if (running) return running;
    // The caller's address (proxy rules applied) is only worked out when the credentials are checked, not per request.
    const verification = this.authenticate(email, password, ip(), 'api')
      .then((principal) => (this.cache.set(key, principal), principal))
      .finally(() => this.verifying.delete(key));
    this.verifying.set(key, verification);
    return verification;
  }

  /** Roles are read on every request (the spec: the roles query is never cached). */
  async rolesOf(personId: string): Promise<Role[]> {
    const rows = await this.db.query<{ role: string }>('select role from person_roles where person_id = $1', [personId]);
    return effectiveRoles(rows.map((r) => r.role).filter(isRole));
  }

  private async principalFor(person: PersonRow, via: Principal['via'], sessionId?: string): Promise<Principal> {
    return {
      personId: person.id,
      email: person.email,
      name: person.name,
      roles: await this.rolesOf(person.id),
      via,
      sessionId,
      secondFactor: !!person.second_factor,
    };
  }

  private findPersonByEmail(email: string): Promise<PersonRow | undefined> {
    return this.db.one<PersonRow>(
      `select p.id, p.name, p.email, p.avatar, p.password_hash, ${HAS_SECOND_FACTOR_SQL} as second_factor
         from people p where lower(p.email) = lower($1) and p.deleted_at is null and p.state = 'active'`,
      [email],
    );
  }

  /** The second factors a person can sign in with (recovery codes only count beside another factor). */
  async secondFactorMethods(personId: string): Promise<SecondFactorMethod[]> {
    const row = await this.db.one<{ totp: boolean; webauthn: boolean; codes: boolean }>(
      `select p.totp_enabled_at is not null as totp,
              exists (select 1 from webauthn_credentials w where w.person_id = p.id) as webauthn,
              exists (select 1 from recovery_codes r where r.person_id = p.id and r.used_at is null) as codes
         from people p where p.id = $1`,
      [personId],
    );
    if (!row) return [];
    const methods: SecondFactorMethod[] = [];
    if (row.totp) methods.push('totp');
    if (row.webauthn) methods.push('webauthn');
    if (row.codes && methods.length) methods.push('recovery_code');
    return methods;
  }

  /**
   * Failures count per (account, address) and per address: an attacker elsewhere cannot lock the owner out. Beyond
   * `backoffAfter` failures of the account from anywhere, each attempt on it waits longer (doubling, capped) before
   * it is checked: a flood from many addresses slows down, and the owner still gets in.
   */
  async assertNotRateLimited(email: string, ip: string): Promise<void> {
    const { maxFailuresPerAccount, maxFailuresPerAddress, windowSeconds, backoffAfter, backoffMaxSeconds } = this.config.loginRateLimit;
    const row = await this.db.one<{ by_account_address: string; by_ip: string; by_account: string }>(
      `select count(*) filter (where lower(email) = lower($1) and ip = $2) as by_account_address,
              count(*) filter (where ip = $2) as by_ip,
              count(*) filter (where lower(email) = lower($1)) as by_account
         from login_attempts
        where success = false and created_at > now() - make_interval(secs => $3)`,
      [email, ip, windowSeconds],
    );
    if (Number(row?.by_account_address) >= maxFailuresPerAccount || Number(row?.by_ip) >= maxFailuresPerAddress) {
      throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.');
    }
    const beyond = Number(row?.by_account) - backoffAfter;
    if (beyond >= 0) await sleep(Math.min(backoffMaxSeconds, 2 ** Math.min(beyond, 16) / 4) * 1000);
  }

  private async recordAttempt(email: string, ip: string, success: boolean): Promise<void> {
    await this.db.query('insert into login_attempts (email, ip, success) values ($1, $2, $3)', [email, ip, success]);
  }

  /** Checks email and password (rate limited per account and per address). */
  async authenticate(email: string, password: string, ip: string, lane: 'interactive' | 'api' = 'interactive'): Promise<Principal> {
    await this.assertNotRateLimited(email, ip);
    const person = await this.findPersonByEmail(email);
    // An account without a password (invited, or single sign-on only) costs the same argon2 run as any other: the
    // answer's timing tells nobody which addresses exist.
    const hasPassword = !!person?.password_hash;
    const hash = hasPassword ? person!.password_hash : await decoyHash();
    const ok = (await this.hashing.run(lane, () => verifyPassword(hash, hasPassword ? password : `${password}x`))) && hasPassword;
    await this.recordAttempt(email, ip, ok);
    if (!person || !ok) throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    await this.db.query('update people set last_login = now() where id = $1', [person.id]);
    return this.principalFor(person, 'basic');
  }

  /**
   * Creates a server-side session; returns the opaque secret for the cookie (only its hash is stored). A session of an
   * account with a second factor starts at aal1 and reaches only the second-factor steps until `elevateSession`.
   */
  async createSession(
    personId: string,
    ip: string,
    userAgent: string | undefined,
    options: { aal?: Aal; method?: 'password' | 'oidc' | 'registration' | 'recovery' } = {},
  ): Promise<{ secret: string; expiresAt: Date; sessionId: string }> {
    const secret = newSecret();
    const expiresAt = new Date(Date.now() + this.config.sessionTtlHours * 3_600_000);
    const sessionId = sha256(secret);
    await this.db.query(`insert into sessions (id, person_id, expires_at, ip, user_agent, aal, method) values ($1, $2, $3, $4, $5, $6, $7)`, [
      sessionId,
      personId,
      expiresAt,
      ip,
      userAgent?.slice(0, 500) ?? null,
      options.aal ?? 'aal1',
      options.method ?? 'password',
    ]);
    return { secret, expiresAt, sessionId };
  }

  /** The second factor was given: the session reaches aal2 (and counts as a recent proof of identity). */
  async elevateSession(sessionId: string): Promise<void> {
    this.cache.delete(`s:${sessionId}`);
    await this.db.query(`update sessions set aal = 'aal2', authenticated_at = now() where id = $1 and revoked_at is null`, [sessionId]);
  }

  /** 'Confirm Action': the person proved who they are again in this session. */
  async refreshSession(sessionId: string): Promise<void> {
    this.cache.delete(`s:${sessionId}`);
    await this.db.query(`update sessions set authenticated_at = now() where id = $1 and revoked_at is null`, [sessionId]);
  }

  /** Other caches of principals on this replica (the single sign-on JWT verifier's): told on every eviction. */
  private readonly evictListeners: ((personId: string) => void)[] = [];

  /** `listener` forgets a person whenever this replica does (deactivated, roles changed, credentials changed). */
  onEvictPerson(listener: (personId: string) => void): void {
    this.evictListeners.push(listener);
  }

  /** Forget what this replica cached for a person (roles, state or credentials changed); other replicas within AUTH_CACHE_MS. */
  evictPerson(personId: string): void {
    this.cache.evictPerson(personId);
    for (const listener of this.evictListeners) listener(personId);
  }

  /**
   * One round trip resolves the session, its person and their roles (this runs on every request); within
   * AUTH_CACHE_MS of that, the answer is at hand without waiting.
   */
  principalFromSession(secret: string): Principal | Promise<Principal | undefined> {
    const id = sha256(secret);
    return this.cache.get(`s:${id}`) ?? this.loadSession(id);
  }

  private async loadSession(id: string): Promise<Principal | undefined> {
    const row = await this.db.one<PersonRow & { stale: boolean; roles: string[]; aal: Aal; authenticated_at: Date }>(
      `select p.id, p.name, p.email, p.avatar, s.last_seen_at < now() - interval '1 minute' as stale,
              array(select r.role from person_roles r where r.person_id = p.id) as roles,
              s.aal, s.authenticated_at, ${HAS_SECOND_FACTOR_SQL} as second_factor
         from sessions s join people p on p.id = s.person_id
        where s.id = $1 and s.revoked_at is null and s.expires_at > now() and p.deleted_at is null and p.state = 'active'`,
      [id],
    );
    if (!row) return undefined;
    if (row.stale) await this.db.query('update sessions set last_seen_at = now() where id = $1', [id]);
    const principal: Principal = {
      personId: row.id,
      email: row.email,
      name: row.name,
      roles: effectiveRoles(row.roles.filter(isRole)),
      via: 'session',
      sessionId: id,
      secondFactor: !!row.second_factor,
      aal: row.aal,
      authenticatedAt: new Date(row.authenticated_at).getTime(),
    };
    this.cache.set(`s:${id}`, principal);
    return principal;
  }

  async revokeSession(sessionId: string): Promise<void> {
    this.cache.delete(`s:${sessionId}`);
    await this.db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  }

  /** A console access token's person; at once (no promise) when it was resolved a moment ago. */
  principalFromAccessToken(token: string): Principal | undefined | Promise<Principal | undefined> {
    const key = `t:${sha256(token)}`;
    return this.cache.get(key) ?? this.loadAccessToken(token, key);
  }

  private async loadAccessToken(token: string, key: string): Promise<Principal | undefined> {
    const person = await this.db.one<PersonRow & { token_id: string }>(
      `select p.id, p.name, p.email, p.avatar, p.password_hash, t.id as token_id
         from access_tokens t join people p on p.id = t.person_id
        where t.value_hash = $1 and (t.expires_at is null or t.expires_at > now()) and p.deleted_at is null and p.state = 'active'`,
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

  /**
   * The kubeconfig download's token: one per person. A new download revokes the previous token (and drops it from
   * this replica's cache at once); it lives `KUBECONFIG_TOKEN_DAYS`.
   */
  async rotateKubeconfigToken(personId: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.query(`select id from people where id = $1 for update`, [personId]); // two downloads at once leave one token
      await tx.query(`delete from access_tokens where person_id = $1 and purpose = $2`, [personId, KUBECONFIG_TOKEN]);
      const token = newSecret('oc_');
      await tx.query(
        `insert into access_tokens (name, purpose, value_hash, person_id, created_by, expires_at) values ($1, $1, $2, $3, $3, now() + make_interval(days => $4::int))`,
        [KUBECONFIG_TOKEN, sha256(token), personId, this.config.kubeconfigTokenDays],
      );
      this.evictPerson(personId);
      return token;
    });
  }

  /** The signed-in person's own tokens (never their values). */
  listTokens(personId: string): Promise<AccessTokenInfo[]> {
    return this.db.query<AccessTokenInfo>(
      `select id, name, purpose, created_at, expires_at, last_used_at from access_tokens where person_id = $1 order by created_at desc`,
      [personId],
    );
  }

  /** Revokes one of the person's own tokens; false when they have no such token. */
  async revokeToken(personId: string, tokenId: string): Promise<boolean> {
    const rows = await this.db.query(`delete from access_tokens where id = $1 and person_id = $2 returning id`, [tokenId, personId]);
    if (rows.length) this.evictPerson(personId);
    return rows.length > 0;
  }

  /**
   * Sign-in data that is only kept for a while: failed and old attempts, ended sessions, expired tokens, emailed links
   * a day past their expiry or use, and link requests older than the day their rate limits look at.
   */
  async pruneExpired(): Promise<{ attempts: number; sessions: number; tokens: number; codes: number; requests: number }> {
    const keepSeconds = Math.max(this.config.loginRateLimit.windowSeconds, 86_400);
    const [attempts, sessions, tokens, codes, requests] = await Promise.all([
      this.db.query(`delete from login_attempts where created_at < now() - make_interval(secs => $1) returning 1`, [keepSeconds]),
      this.db.query(`delete from sessions where expires_at < now() or revoked_at < now() - interval '1 day' returning 1`),
      this.db.query(`delete from access_tokens where expires_at < now() returning 1`),
      this.db.query(`delete from identity_codes where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day' returning 1`),
      this.db.query(`delete from identity_requests where created_at < now() - interval '1 day' returning 1`),
    ]);
    return { attempts: attempts.length, sessions: sessions.length, tokens: tokens.length, codes: codes.length, requests: requests.length };
  }

  async person(personId: string): Promise<Omit<PersonRow, 'password_hash'> | undefined> {
    return this.db.one('select id, name, email, avatar from people where id = $1', [personId]);
  }
}
