import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import express from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { consoleLogDestination, createLogger, PinoNestLogger } from './core/observability/logger';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './core/config/app-config';
import { configureApp } from './core/http/configure-app';
import { ExpressHttpAdapter } from './core/http/http-adapter';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './core/database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { PluginHost } from './core/plugin-host/plugin-host.service';
import { Db } from './core/database/db.service';
import { ensureAdmin } from './core/auth/bootstrap-admin';
import { seedDemoData } from './database/seed/demo-data';
import { GATEWAY_PLUGINS } from './plugins.generated';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel, consoleLogDestination(config.logs.file));
  const boot = { info: (msg: string) => logger.info(msg), warn: (msg: string) => logger.warn(msg) };
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, boot, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }

  const applied = await runMigrations(databaseUrl);
  if (applied.length) boot.info(`Applied migrations: ${applied.join(', ')}`);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl }), new ExpressHttpAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(new PinoNestLogger(logger));
  app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
  configureApp(app, config, { express, cookieParser, logger });

  const db = app.get(Db);
  const admin = await ensureAdmin(db.pool, config.adminEmail, config.adminPassword);
  if (admin.generatedPassword) {
    // On stdout only, never in LOG_FILE: a `file` logging backend shows that file (the demo's 'console' backend, to
    // everyone who may read topologies). Flushed first so that the line keeps its place on stdout.
    if (logger.isLevelEnabled('warn')) {
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
      const msg =
        `Created the first admin: ${config.adminEmail} with password ${admin.generatedPassword} ` +
        `(shown once; set ADMIN_PASSWORD to choose it, and change it after signing in)`;
      process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg })}\n`);
    }
  } else if (admin.created) {
    boot.info(`Created the first admin: ${config.adminEmail}`);
  }
  if (config.demoData) await seedDemoData(db.pool, admin.adminId, { demoDir: config.demoDir, logFile: config.logs.file });

  // Shutdown is ours (not enableShutdownHooks, which re-raises the signal): close the app, then stop Postgres.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    boot.info(`Received ${signal}, shutting down`);
    await app.close().catch(() => undefined);
    if (embedded) await embedded.stop().catch(() => undefined);
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(config.port, config.host);
  boot.info(`Console listening on http://localhost:${config.port} (database: ${embedded ? 'embedded' : 'external'})`);
}

main().catch((error) => {
  console.error(JSON.stringify({ level: 60, time: Date.now(), msg: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});
