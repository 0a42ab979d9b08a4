import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import express from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './core/config/app-config';
import { configureApp } from './core/http/configure-app';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './core/database/embedded-postgres';
import { runMigrations } from './core/database/migrate';
import { PluginHost } from './core/plugin-host/plugin-host.service';
import { Db } from './core/database/db.service';
import { ensureAdmin } from './core/auth/bootstrap-admin';
import { seedDemoData } from './database/seed/demo-data';
import { GATEWAY_PLUGINS } from './plugins';

const boot = {
  info: (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg })),
  warn: (msg: string) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg })),
};

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

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, boot);
    databaseUrl = embedded.url;
  }

  const applied = await runMigrations(databaseUrl);
  if (applied.length) boot.info(`Applied migrations: ${applied.join(', ')}`);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl }), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(PinoLogger));
  app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
  configureApp(app, config, { express, cookieParser });

  const db = app.get(Db);
  const admin = await ensureAdmin(db.pool, config.adminEmail, config.adminPassword);
  if (admin.generatedPassword) {
    boot.warn(
      `Created the first admin: ${config.adminEmail} with password ${admin.generatedPassword} ` +
        `(shown once; set ADMIN_PASSWORD to choose it, and change it after signing in)`,
    );
  } else if (admin.created) {
    boot.info(`Created the first admin: ${config.adminEmail}`);
  }
  if (config.demoData) await seedDemoData(db.pool, admin.adminId);

  app.enableShutdownHooks();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    boot.info(`Received ${signal}, shutting down`);
    await app.close().catch(() => undefined);
    if (embedded) await embedded.stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(config.port, config.host);
  boot.info(`Console listening on http://localhost:${config.port} (database: ${embedded ? 'embedded' : 'external'})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
