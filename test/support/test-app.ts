import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import request from 'supertest';
import { CSRF_COOKIE, type Role } from '@contracts';
import { AppModule } from '../../gateway/src/app.module';
import { testPasswordHash } from './test-password-hash';
import { loadConfig, type AppConfig } from '../../gateway/src/core/config/app-config';
import { runMigrations } from '../../gateway/src/database/migrate';
import { configureApp } from '../../gateway/src/core/http/configure-app';
import { ExpressHttpAdapter } from '../../gateway/src/core/http/http-adapter';
import { PluginHost } from '../../gateway/src/core/plugin-host/plugin-host.service';
import { GATEWAY_PLUGINS } from '../../gateway/src/plugins.generated';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface SignedInAgent {
  agent: request.Agent;
  csrf: string;
  personId: string;
  email: string;
}

/** The whole gateway on a fresh, migrated database: what API suites test against. */
export class TestApp {
  private constructor(
    readonly app: NestExpressApplication,
    readonly db: TestDatabase,
    readonly pool: Pool,
    readonly config: AppConfig,
  ) {}

  static async start(overrides: Record<string, string> = {}): Promise<TestApp> {
    // A copy of the migrated template when the API project's global setup made one; the migrations then find nothing
    // to do (and still run, so a suite started some other way gets a migrated database too).
    const db = await createTestDatabase('console_test', process.env.TEST_TEMPLATE_DATABASE || undefined);
    await runMigrations(db.url);
    const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', WEB_DIST: '/nonexistent', DATABASE_URL: db.url, ...overrides });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, databaseUrl: db.url, poolSize: 5 })] }).compile();
    // The HTTP adapter main.ts uses, so the suites exercise the server the console runs.
    const app = moduleRef.createNestApplication<NestExpressApplication>(new ExpressHttpAdapter(), { bodyParser: false, logger: false });
    app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
    configureApp(app, config, { express, cookieParser });
    await app.init();
    const pool = new Pool({ connectionString: db.url, max: 3 });
    pool.on('error', () => undefined); // an idle client closed under us at teardown is not a test failure
    return new TestApp(app, db, pool, config);
  }

  get server() {
    return this.app.getHttpServer();
  }

  http() {
    return request(this.server);
  }

  /** A person with the given roles (none = no role, treated as viewer) and the shared test password. */
  async createPerson(roles: Role[], email = `${roles.join('-') || 'norole'}-${Math.random().toString(36).slice(2, 8)}@test.local`) {
    const hash = await testPasswordHash(TEST_PASSWORD);
    const { rows } = await this.pool.query<{ id: string }>(`insert into people (name, email, password_hash) values ($1, $2, $3) returning id`, [
      email.split('@')[0],
      email,
      hash,
    ]);
    for (const role of roles) await this.pool.query('insert into person_roles (person_id, role) values ($1, $2)', [rows[0].id, role]);
    return { id: rows[0].id, email };
  }

  /** Signs in through the real login endpoint; the agent keeps the cookies and knows the CSRF token. */
  async signIn(email: string, password = TEST_PASSWORD): Promise<SignedInAgent> {
    const agent = request.agent(this.server);
    const res = await agent.post('/api/auth/login').send({ email, password }).expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const csrf =
      cookies
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
        ?.split('=')[1] ?? '';
    return { agent, csrf, personId: res.body.user.id, email };
  }

  async signInAs(roles: Role[]): Promise<SignedInAgent> {
    const person = await this.createPerson(roles);
    return this.signIn(person.email);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.pool.end();
    await this.db.drop();
  }
}
