import 'reflect-metadata';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import request from 'supertest';
import { CSRF_COOKIE, type Role } from '@contracts';
import { AppModule } from '../../gateway/src/app.module';
import { loadConfig, type AppConfig } from '../../gateway/src/core/config/app-config';
import { configureApp } from '../../gateway/src/core/http/configure-app';
import { ExpressHttpAdapter } from '../../gateway/src/core/http/http-adapter';
import { PluginHost } from '../../gateway/src/core/plugin-host/plugin-host.service';
import { runMigrations } from '../../gateway/src/database/migrate';
import { GATEWAY_PLUGINS } from '../../gateway/src/plugins.generated';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { TEST_PASSWORD } from '../support/test-app';
import { testPasswordHash } from '../support/test-password-hash';

/**
 * Several gateways on ONE database, in this process: each is the whole app (every plugin, its schedulers, workers,
 * listeners and pools), built as test/support/test-app.ts builds one, and listening on its own loopback port. What
 * they share is only what real replicas share: the Postgres database.
 */
export class Replica {
  private constructor(
    readonly name: string,
    readonly app: NestExpressApplication,
    readonly config: AppConfig,
    readonly url: string,
  ) {}

  static async start(name: string, databaseUrl: string, env: Record<string, string>): Promise<Replica> {
    const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl, ...env });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, databaseUrl, poolSize: 5 })] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>(new ExpressHttpAdapter(), { bodyParser: false, logger: false });
    app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
    configureApp(app, config, { express, cookieParser });
    await app.init();
    const server = app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new Replica(name, app, config, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  get<T>(type: abstract new (...args: never[]) => T): T {
    return this.app.get(type as never) as T;
  }

  http() {
    return request(this.url);
  }
}

/** A session made by signing in on one replica: its cookie header and CSRF token work on any replica. */
export interface Session {
  cookie: string;
  csrf: string;
  personId: string;
}

export class ReplicaSet {
  private constructor(
    readonly db: TestDatabase,
    readonly pool: Pool,
    readonly replicas: Replica[],
  ) {}

  /** `count` replicas on one new migrated database; `env` applies to all, `each(i)` adds per-replica settings. */
  static async start(count: number, env: Record<string, string>, each: (index: number) => Record<string, string> = () => ({})): Promise<ReplicaSet> {
    const db = await createTestDatabase('console_scale', process.env.TEST_TEMPLATE_DATABASE || undefined);
    await runMigrations(db.url);
    const replicas: Replica[] = [];
    try {
      for (let i = 0; i < count; i++) replicas.push(await Replica.start(String.fromCharCode(65 + i), db.url, { ...env, ...each(i) }));
    } catch (error) {
      for (const r of replicas) await r.app.close().catch(() => undefined);
      await db.drop();
      throw error;
    }
    const pool = new Pool({ connectionString: db.url, max: 3 });
    pool.on('error', () => undefined);
    return new ReplicaSet(db, pool, replicas);
  }

  async createPerson(roles: Role[]): Promise<{ id: string; email: string }> {
    const email = `${roles.join('-') || 'norole'}-${Math.random().toString(36).slice(2, 8)}@scale.local`;
    const { rows } = await this.pool.query<{ id: string }>(`insert into people (name, email, password_hash) values ($1, $2, $3) returning id`, [
      email.split('@')[0],
      email,
      await testPasswordHash(TEST_PASSWORD),
    ]);
    for (const role of roles) await this.pool.query('insert into person_roles (person_id, role) values ($1, $2)', [rows[0].id, role]);
    return { id: rows[0].id, email };
  }

  /** Signs in through `on`'s login endpoint. */
  async signIn(on: Replica, email: string): Promise<Session> {
    const res = await on.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
    const pairs = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    return {
      cookie: pairs.join('; '),
      csrf: pairs.find((p) => p.startsWith(`${CSRF_COOKIE}=`))?.split('=')[1] ?? '',
      personId: res.body.user.id as string,
    };
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.replicas.map((r) => r.app.close()));
    await this.pool.end();
    await this.db.drop();
  }
}

/** Requests on one replica with a session (made on any replica). */
export function on(replica: Replica, session: Session) {
  const withSession = <T extends request.Test>(req: T) => req.set('cookie', session.cookie).set('x-csrf-token', session.csrf);
  return {
    get: (path: string) => withSession(replica.http().get(path)),
    post: (path: string, body: object = {}) => withSession(replica.http().post(path)).send(body),
    delete: (path: string) => withSession(replica.http().delete(path)),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a condition (bounded by a number of polls, not timed); throws with the last value when it never holds. */
export async function eventually<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, what: string, tries = 400, everyMs = 25): Promise<T> {
  let value: T | undefined;
  for (let i = 0; i < tries; i++) {
    value = await probe();
    if (accept(value)) return value;
    await pause(everyMs);
  }
  throw new Error(`${what} did not happen (last: ${JSON.stringify(value)})`);
}

/**
 * A loopback HTTP server the replicas' checks, scrapers and playbook actions call: it counts requests by path, answers
 * `body(path)` as JSON after `delayMs`, and holds requests whose path starts with `/hold` until `release()`.
 */
export async function loopbackPeer(options: { delayMs?: number; body?: (path: string) => unknown } = {}) {
  const hits = new Map<string, number>();
  let held: (() => void)[] = [];
  let releaseAll = false;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    req.resume();
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.body?.(path) ?? { ok: true }));
    };
    if (path.startsWith('/hold') && !releaseAll) held.push(answer);
    else setTimeout(answer, options.delayMs ?? 0);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (path: string) => hits.get(path) ?? 0,
    paths: () => new Map(hits),
    /** Requests held now. */
    holding: () => held.length,
    release() {
      releaseAll = true;
      for (const answer of held) answer();
      held = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
