import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Module, type Provider } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import request from 'supertest';
import { CSRF_COOKIE, type Role } from '@contracts';
import { AppModule } from '../../../gateway/src/app.module';
import { testPasswordHash } from '../../support/test-password-hash';
import { loadConfig } from '../../../gateway/src/core/config/app-config';
import { runMigrations } from '../../../gateway/src/database/migrate';
import { configureApp } from '../../../gateway/src/core/http/configure-app';
import { PluginHost } from '../../../gateway/src/core/plugin-host/plugin-host.service';
import { GATEWAY_PLUGINS } from '../../../gateway/src/plugins.generated';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

export const PASSWORD = 'correct-horse-battery';

export interface Actor {
  agent: request.Agent;
  csrf: string;
  personId: string;
}

/**
 * The same whole app as test/support/test-app.ts, plus extra providers (fake responder handlers registered with
 * `@Extension('responders', type)`), for the incident suites.
 */
export class IncidentsTestApp {
  private constructor(
    readonly app: NestExpressApplication,
    readonly db: TestDatabase,
    readonly pool: Pool,
  ) {}

  static async start(providers: Provider[] = []): Promise<IncidentsTestApp> {
    const db = await createTestDatabase('console_incidents', process.env.TEST_TEMPLATE_DATABASE || undefined);
    await runMigrations(db.url);
    const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', WEB_DIST: '/nonexistent', DATABASE_URL: db.url });
    @Module({ providers })
    class ExtraModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, databaseUrl: db.url, poolSize: 5 }), ExtraModule] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
    app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
    configureApp(app, config, { express, cookieParser });
    await app.init();
    return new IncidentsTestApp(app, db, new Pool({ connectionString: db.url, max: 3 }));
  }

  get server() {
    return this.app.getHttpServer();
  }

  async signInAs(roles: Role[]): Promise<Actor> {
    const email = `${roles.join('-') || 'norole'}-${Math.random().toString(36).slice(2, 8)}@test.local`;
    const { rows } = await this.pool.query<{ id: string }>(`insert into people (name, email, password_hash) values ($1, $2, $3) returning id`, [
      email.split('@')[0],
      email,
      await testPasswordHash(PASSWORD),
    ]);
    for (const role of roles) await this.pool.query('insert into person_roles (person_id, role) values ($1, $2)', [rows[0].id, role]);
    const agent = request.agent(this.server);
    const res = await agent.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const csrf =
      cookies
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
        ?.split('=')[1] ?? '';
    return { agent, csrf, personId: rows[0].id };
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.pool.end();
    await this.db.drop();
  }
}

/** Polls `probe` until it returns a truthy value (jobs run asynchronously). */
export async function eventually<T>(probe: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('Timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 200));
  }
}
