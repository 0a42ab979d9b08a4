import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import request from 'supertest';
import { LOCAL_AGENT_ID } from '@contracts';
import { AppModule } from '../../../../gateway/src/app.module';
import { IdentityService } from '../../../../gateway/src/core/auth/identity.service';
import { loadConfig, type AppConfig } from '../../../../gateway/src/core/config/app-config';
import { Db } from '../../../../gateway/src/core/database/db.service';
import { configureApp } from '../../../../gateway/src/core/http/configure-app';
import { ExpressHttpAdapter } from '../../../../gateway/src/core/http/http-adapter';
import { OutboundHttp } from '../../../../gateway/src/core/outbound';
import { PluginHost } from '../../../../gateway/src/core/plugin-host/plugin-host.service';
import { runMigrations } from '../../../../gateway/src/database/migrate';
import { GATEWAY_PLUGINS } from '../../../../gateway/src/plugins.generated';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-db';
import { AgentPusher, PushModule } from './index';

/**
 * Two real consoles on loopback: the upstream (listening on an ephemeral port) and an agent on its own database whose
 * UPSTREAM_* settings point at it. Rows are made in the agent's database as its engines write them (SQL), and must
 * appear upstream under the agent's id.
 */

const QUIET = {
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  WEB_DIST: '/nonexistent',
  HEALTH_SCHEDULER: 'false',
  SCRAPER_SCHEDULER: 'false',
  TOPOLOGY_SCHEDULER: 'false',
  PLAYBOOK_WORKER: 'false',
  NOTIFY_WORKER: 'false',
  EVENT_CONSUMER: 'false',
};

async function startConsole(db: TestDatabase, env: Record<string, string>): Promise<{ app: NestExpressApplication; config: AppConfig }> {
  await runMigrations(db.url);
  const config = loadConfig({ ...QUIET, DATABASE_URL: db.url, ...env });
  // PushModule is imported by the Agents module; listed here too so that this suite does not depend on that line.
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, databaseUrl: db.url, poolSize: 3 }), PushModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new ExpressHttpAdapter(), { bodyParser: false, logger: false });
  app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
  configureApp(app, config, { express, cookieParser });
  await app.init();
  return { app, config };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const basic = (token: string) => `Basic ${Buffer.from(`token:${token}`).toString('base64')}`;

describe('agent push (two consoles on loopback)', () => {
  let upstreamDb: TestDatabase;
  let agentDb: TestDatabase;
  let upstream: NestExpressApplication;
  let server: Server;
  let port: number;
  let up: Pool;
  let local: Pool;
  let agent: NestExpressApplication | null = null;
  let agentConfigEnv: Record<string, string>;
  let agentId: string;
  let agentPersonId: string;
  let token: string;
  let canaryId: string;
  let checkId: string;
  let scraperId: string;
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });

  async function startAgent(): Promise<void> {
    agent = (await startConsole(agentDb, agentConfigEnv)).app;
  }

  let lastTime = 0;
  async function addResults(n: number): Promise<void> {
    // As the check runner writes them: one short transaction per result, its time (milliseconds) from the runner.
    for (let i = 0; i < n; i++) {
      lastTime = Math.max(lastTime + 1, Date.now());
      await local.query(`INSERT INTO check_statuses (check_id, time, duration, status, message) VALUES ($1, $2, 5, true, 'ok')`, [checkId, new Date(lastTime)]);
    }
  }

  /** The check results the agent's cursor counts as pushed, once it reached `atLeast`. */
  async function pushedResults(atLeast: number): Promise<number> {
    return until('the cursor to commit', async () => {
      const { rows } = await local.query(`SELECT pushed_rows FROM agent_push_cursors WHERE table_name = 'check_statuses'`);
      const n = Number(rows[0]?.pushed_rows ?? 0);
      return n >= atLeast ? n : undefined;
    });
  }

  async function statusKeys(pool: Pool): Promise<string[]> {
    const { rows } = await pool.query<{ k: string }>(`SELECT check_id || '@' || time::text AS k FROM check_statuses WHERE check_id = $1 ORDER BY 1`, [checkId]);
    return rows.map((r) => r.k);
  }

  beforeAll(async () => {
    warn = jest.spyOn(Logger.prototype, 'warn');
    error = jest.spyOn(Logger.prototype, 'error');
    const template = process.env.TEST_TEMPLATE_DATABASE || undefined;
    [upstreamDb, agentDb] = await Promise.all([createTestDatabase('push_up', template), createTestDatabase('push_agent', template)]);
    upstream = (await startConsole(upstreamDb, { AUTH_CACHE_MS: '0' })).app;
    await upstream.listen(0, '127.0.0.1');
    server = upstream.getHttpServer() as Server;
    port = (server.address() as AddressInfo).port;
    up = new Pool({ connectionString: upstreamDb.url, max: 2 });
    local = new Pool({ connectionString: agentDb.url, max: 2 });
    up.on('error', () => undefined);
    local.on('error', () => undefined);

    // The agent, registered upstream as the agents page does: a person holding the agent's access token.
    const person = await up.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('agent edge', 'agent-edge@agents.local') RETURNING id`);
    agentPersonId = person.rows[0].id;
    agentId = (await up.query<{ id: string }>(`INSERT INTO agents (name, person_id) VALUES ('edge', $1) RETURNING id`, [agentPersonId])).rows[0].id;
    token = await upstream.get(IdentityService).createAccessToken(agentPersonId, 'agent edge', agentPersonId);
    // The upstream's own canary with the same name as the agent's: names are unique per agent.
    await up.query(`INSERT INTO canaries (name, namespace) VALUES ('web', 'default')`);

    // What the agent's engines made before it started pushing.
    canaryId = (await local.query<{ id: string }>(`INSERT INTO canaries (name, namespace, schedule) VALUES ('web', 'default', '@every 1m') RETURNING id`))
      .rows[0].id;
    checkId = (
      await local.query<{ id: string }>(`INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'home', 'healthy') RETURNING id`, [canaryId])
    ).rows[0].id;
    scraperId = (await local.query<{ id: string }>(`INSERT INTO config_scrapers (name, spec) VALUES ('cluster', '{}') RETURNING id`)).rows[0].id;
    // A scrape writes parents and children in one statement.
    const parent = randomUUID();
    await local.query(
      `INSERT INTO config_items (id, scraper_id, external_id, config_class, type, name, parent_id, config)
       VALUES ($1, $3, 'ns/default', 'Namespace', 'Kubernetes::Namespace', 'default', NULL, '{"a": 1}'),
              ($2, $3, 'pod/web', 'Pod', 'Kubernetes::Pod', 'web-0', $1, '{"spec": {"x": [1, 2]}}')`,
      [parent, randomUUID(), scraperId],
    );
    await addResults(3);

    agentConfigEnv = {
      PORT: '1',
      UPSTREAM_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_PASSWORD: token,
      AGENT_NAME: 'edge',
      UPSTREAM_PUSH_INTERVAL_MS: '150',
      UPSTREAM_BATCH_ROWS: '7',
    };
    await startAgent();
  }, 60_000);

  afterAll(async () => {
    warn.mockRestore();
    error.mockRestore();
    await agent?.close();
    server?.closeAllConnections();
    await upstream?.close();
    await up?.end();
    await local?.end();
    await Promise.all([upstreamDb?.drop(), agentDb?.drop()]);
  });

  it("pushes the agent's checks, results and scraped config items upstream under the agent's id", async () => {
    await until('the results upstream', async () => (await statusKeys(up)).length === 3);
    const checks = await up.query(
      `SELECT k.agent_id, k.name, k.status, c.agent_id AS canary_agent, c.name AS canary FROM checks k JOIN canaries c ON c.id = k.canary_id`,
    );
    expect(checks.rows).toEqual([{ agent_id: agentId, name: 'home', status: 'healthy', canary_agent: agentId, canary: 'web' }]);
    // Never scheduled upstream: the agent runs its own checks.
    expect((await up.query(`SELECT next_runtime FROM checks WHERE id = $1`, [checkId])).rows[0].next_runtime).toBeNull();
    await until('the config items upstream', async () => (await up.query(`SELECT 1 FROM config_items WHERE agent_id = $1`, [agentId])).rowCount === 2);
    const items = await up.query(`SELECT name, agent_id, scraper_id, parent_id IS NOT NULL AS has_parent, config FROM config_items ORDER BY name`);
    expect(items.rows).toEqual([
      { name: 'default', agent_id: agentId, scraper_id: scraperId, has_parent: false, config: { a: 1 } },
      { name: 'web-0', agent_id: agentId, scraper_id: scraperId, has_parent: true, config: { spec: { x: [1, 2] } } },
    ]);
    expect(await statusKeys(up)).toEqual(await statusKeys(local));
    const seen = await up.query(`SELECT last_seen, last_received FROM agents WHERE id = $1`, [agentId]);
    expect(seen.rows[0].last_seen).not.toBeNull();
    expect(seen.rows[0].last_received).not.toBeNull();
    // The upstream's own canary of the same name is untouched.
    expect((await up.query(`SELECT agent_id FROM canaries WHERE name = 'web' ORDER BY agent_id`)).rows.map((r) => r.agent_id).sort()).toEqual(
      [LOCAL_AGENT_ID, agentId].sort(),
    );
  });

  it('catches up after the upstream was down: nothing lost, nothing duplicated', async () => {
    warn.mockClear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The agent keeps producing while the upstream is away.
    await addResults(12);
    const added = randomUUID();
    await local.query(
      `INSERT INTO config_items (id, scraper_id, external_id, config_class, type, name) VALUES ($1, $2, 'pod/api', 'Pod', 'Kubernetes::Pod', 'api-0')`,
      [added, scraperId],
    );
    await until('the agent to notice', async () => warn.mock.calls.some(([m]) => /is unreachable/.test(String(m))));
    await addResults(5);
    await listen();
    const expected = await statusKeys(local);
    expect(expected).toHaveLength(20);
    await until('the backlog upstream', async () => (await statusKeys(up)).length === expected.length);
    expect(await statusKeys(up)).toEqual(expected);
    await until('the new item', async () => (await up.query(`SELECT 1 FROM config_items WHERE id = $1 AND agent_id = $2`, [added, agentId])).rowCount === 1);
    const localItems = (await local.query(`SELECT id FROM config_items ORDER BY id`)).rows.map((r) => r.id);
    const upItems = (await up.query(`SELECT id FROM config_items WHERE agent_id = $1 ORDER BY id`, [agentId])).rows.map((r) => r.id);
    expect(upItems).toEqual(localItems);
    // Each result went up once: the cursor moved only past accepted pushes (it commits just after the upstream did).
    expect(await pushedResults(20)).toBe(20);
  });

  it('resumes from its cursor after a restart', async () => {
    await agent!.close();
    agent = null;
    const before = await local.query(`SELECT table_name, ts, key FROM agent_push_cursors ORDER BY 1`);
    expect(before.rowCount).toBeGreaterThan(0);
    await addResults(4);
    await startAgent();
    await until('the results made while stopped', async () => (await statusKeys(up)).length === 24);
    expect(await statusKeys(up)).toEqual(await statusKeys(local));
    expect(await pushedResults(24)).toBe(24);
  });

  describe('POST /api/push validation', () => {
    let otherToken: string;

    beforeAll(async () => {
      const person = await up.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('agent other', 'agent-other@agents.local') RETURNING id`);
      await up.query(`INSERT INTO agents (name, person_id) VALUES ('other', $1)`, [person.rows[0].id]);
      otherToken = await upstream.get(IdentityService).createAccessToken(person.rows[0].id, 'agent other', person.rows[0].id);
    });

    // As an agent sends it (node's own client: the upstream listens on loopback).
    const gzipPush = (body: Buffer) =>
      fetch(`http://127.0.0.1:${port}/api/push`, {
        method: 'POST',
        headers: { Authorization: basic(otherToken), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body,
      });
    const push = (body: unknown, auth: string) =>
      request(server)
        .post('/api/push')
        .set('Authorization', auth)
        .send(body as object);

    it('refuses unknown tables and columns, naming them', async () => {
      const table = await push({ agent: 'other', rows: { people: [{ id: randomUUID() }] } }, basic(otherToken));
      expect(table.status).toBe(400);
      expect(table.body.message).toContain('rows.people');
      const column = await push({ agent: 'other', rows: { canaries: [{ id: randomUUID(), name: 'x', bogus: 1 }] } }, basic(otherToken));
      expect(column.status).toBe(400);
      expect(column.body.message).toContain('rows.canaries[0].bogus: unknown column');
      const agentColumn = await push({ agent: 'other', rows: { canaries: [{ id: randomUUID(), name: 'x', agent_id: agentId }] } }, basic(otherToken));
      expect(agentColumn.status).toBe(400);
      expect(agentColumn.body.message).toContain('agent_id');
    });

    it("refuses another agent's name and people who are not agents", async () => {
      const wrong = await push({ agent: 'edge', rows: {} }, `Bearer ${otherToken}`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toContain("belong to agent 'other'");
      const person = await up.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('someone', 'someone@test.local') RETURNING id`);
      const personal = await upstream.get(IdentityService).createAccessToken(person.rows[0].id, 'cli', person.rows[0].id);
      expect((await push({ agent: 'other', rows: {} }, basic(personal))).status).toBe(403);
      expect((await push({ agent: 'other', rows: {} }, basic('oc_not-a-token'))).status).toBe(401);
    });

    it("never lets an agent write over another agent's rows", async () => {
      const res = await push(
        {
          agent: 'other',
          rows: {
            canaries: [{ id: canaryId, name: 'hijacked', namespace: 'default' }],
            check_statuses: [{ check_id: checkId, time: new Date().toISOString(), status: false }],
          },
        },
        basic(otherToken),
      );
      expect(res.status).toBe(200);
      expect(res.body.applied).toEqual({ canaries: 0, check_statuses: 0 });
      expect((await up.query(`SELECT name, agent_id FROM canaries WHERE id = $1`, [canaryId])).rows[0]).toEqual({ name: 'web', agent_id: agentId });
    });

    it('takes gzip, a heartbeat only marks the agent seen, and past the body limit after decompression is 413', async () => {
      await up.query(`UPDATE agents SET last_seen = NULL, last_received = NULL WHERE name = 'other'`);
      const id = randomUUID();
      const body = gzipSync(JSON.stringify({ agent: 'other', rows: { canaries: [{ id, name: 'gz', namespace: 'default' }] } }));
      const res = await gzipPush(body);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { applied: { canaries: 1 } } });
      expect((await up.query(`SELECT a.name FROM canaries c JOIN agents a ON a.id = c.agent_id WHERE c.id = $1`, [id])).rows[0].name).toBe('other');
      const received = (await up.query(`SELECT last_received FROM agents WHERE name = 'other'`)).rows[0].last_received as Date;
      expect(received).not.toBeNull();

      await up.query(`UPDATE agents SET last_seen = NULL WHERE name = 'other'`);
      expect((await push({ agent: 'other', rows: {} }, basic(otherToken))).body).toEqual({ applied: {} });
      const after = (await up.query(`SELECT last_seen, last_received FROM agents WHERE name = 'other'`)).rows[0];
      expect(after.last_seen).not.toBeNull();
      expect(after.last_received).toEqual(received);

      const huge = JSON.stringify({ agent: 'other', rows: { canaries: [{ id: randomUUID(), name: 'big', spec: { blob: 'x'.repeat(2 * 1024 * 1024) } }] } });
      const big = gzipSync(huge);
      expect(big.length).toBeLessThan(100 * 1024);
      expect((await gzipPush(big)).status).toBe(413);
    });
  });

  it('keeps a bounded backlog: past it the oldest check results are skipped, configs never', async () => {
    // A pusher of the agent's database with a small bound, upstream unreachable (nothing listens on port 1).
    const config = loadConfig({ ...QUIET, DATABASE_URL: agentDb.url, ...agentConfigEnv, UPSTREAM_URL: 'http://127.0.0.1:1', UPSTREAM_BACKLOG_ROWS: '5' });
    await agent!.close();
    agent = null;
    const db = new Db(new Pool({ connectionString: agentDb.url, max: 2 }));
    try {
      const pusher = new AgentPusher(db, new OutboundHttp(), config);
      expect((await pusher.pushOnce()).kind).toBe('down');
      // Another replica pushing (it holds the lock): this one leaves it alone.
      const other = await local.connect();
      try {
        await other.query('BEGIN');
        await other.query(`SELECT pg_advisory_xact_lock(hashtext('ops-console:agent-push'))`);
        expect((await pusher.pushOnce()).kind).toBe('locked');
        expect(await pusher.trimBacklog()).toBe(0);
      } finally {
        await other.query('ROLLBACK');
        other.release();
      }
      await addResults(6);
      await local.query(
        `INSERT INTO config_items (scraper_id, external_id, config_class, type, name) VALUES ($1, 'pod/late', 'Pod', 'Kubernetes::Pod', 'late-0')`,
        [scraperId],
      );
      warn.mockClear();
      // 6 results and 1 item unpushed, bound 5: the 2 oldest results go.
      expect(await pusher.trimBacklog()).toBe(2);
      expect(warn.mock.calls.some(([m]) => /skipped the 2 oldest check results/.test(String(m)))).toBe(true);
      const cursor = await local.query(`SELECT skipped_rows FROM agent_push_cursors WHERE table_name = 'check_statuses'`);
      expect(Number(cursor.rows[0].skipped_rows)).toBe(2);
      expect(await pusher.trimBacklog()).toBe(0);
    } finally {
      await db.onModuleDestroy();
    }
    await startAgent();
    // The rest (4 newest results and the item) still arrives.
    await until('the kept backlog upstream', async () => (await statusKeys(up)).length === 24 + 4);
  });

  it("says clearly in its log when the upstream refuses the agent's token (revoked → 401)", async () => {
    error.mockClear();
    await up.query(`DELETE FROM access_tokens WHERE person_id = $1`, [agentPersonId]);
    expect((await request(server).post('/api/push').set('Authorization', basic(token)).send({ agent: 'edge', rows: {} })).status).toBe(401);
    const line = "the upstream refused this agent's credentials (HTTP 401): check UPSTREAM_PASSWORD (the agent's access token)";
    await until('the log line', async () => error.mock.calls.some(([m]) => m === line));
    expect(error.mock.calls.filter(([m]) => m === line)).toHaveLength(1);
  });
});
