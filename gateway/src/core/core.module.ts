import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Pool } from 'pg';
import { AuthController } from './auth/auth.controller';
import { AuthGuard } from './auth/auth.guard';
import { IdentityService } from './auth/identity.service';
import { KubeconfigController } from './auth/kubeconfig.controller';
import { AccountFlowsModule } from './auth/flows/account-flows.module';
import { OidcModule } from './auth/oidc/oidc.module';
import { SecondFactorModule } from './auth/second-factor/second-factor.module';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { FEATURE_GATE } from './data-api/feature-gate';
import { DATA_API_DB, Db, PG_POOL } from './database/db.service';
import { FeatureService } from './features/feature.service';
import { FeaturesController } from './features/features.controller';
import { AllExceptionsFilter } from './http/exception.filter';
import { SystemController } from './observability/system.controller';
import { PluginHostModule } from './plugin-host/plugin-host.module';
import { ExecSandbox } from './sandbox/exec-sandbox';
import { ExpressionEvaluator } from './cel/expression-evaluator';
import { ADDRESS_POLICY, AddressPolicy, OutboundModule } from './outbound';
import { EventQueueConsumer } from './events/event-queue-consumer';

export interface CoreOptions {
  config: AppConfig;
  databaseUrl: string;
  poolSize?: number;
}

/** Config, database, identity, RBAC guard, feature flags, plugin host, probes: what every plugin may use. */

/**
 * Postgres' JIT compiles a query to machine code when its estimated cost is high. The console's queries are short
 * reads and aggregates where compiling takes longer than running (0.9 s of the catalogue summary's 2.4 s on the
 * benchmark's data), so its connections turn it off.
 */
const NO_JIT = '-c jit=off';
@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: CoreModule,
      imports: [PluginHostModule, OutboundModule, AccountFlowsModule, SecondFactorModule, OidcModule],
      controllers: [AuthController, KubeconfigController, SystemController, FeaturesController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        {
          provide: PG_POOL,
          useFactory: () => {
            const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20, idleTimeoutMillis: 30_000, options: NO_JIT });
            // An idle client that loses its server (restart, failover, shutdown) emits 'error' on the pool; unhandled,
            // that would end the process. The pool drops the client and /readyz reports the outage instead.
            const logger = new Logger('Database');
            pool.on('error', (error) => logger.warn(`Lost an idle database connection: ${error.message}`));
            return pool;
          },
        },
        Db,
        {
          // The data API runs what any signed-in user asks for: its statements are bounded (defect 4 of issue 8).
          provide: DATA_API_DB,
          useFactory: () => {
            const pool = new Pool({
              connectionString: options.databaseUrl,
              max: options.poolSize ?? options.config.dataApi.poolSize,
              idleTimeoutMillis: 30_000,
              statement_timeout: options.config.dataApi.statementTimeoutMs,
              options: NO_JIT,
            });
            pool.on('error', (error) => new Logger('Database').warn(`Lost an idle data API connection: ${error.message}`));
            return new Db(pool);
          },
        },
        ExecSandbox,
        ExpressionEvaluator,
        {
          provide: ADDRESS_POLICY,
          useFactory: () =>
            new AddressPolicy({ listenPort: options.config.port, database: databaseAddress(options.databaseUrl), allow: options.config.outbound.allow }),
        },
        IdentityService,
        FeatureService,
        EventQueueConsumer,
        { provide: FEATURE_GATE, useExisting: FeatureService },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
      exports: [
        APP_CONFIG,
        PG_POOL,
        Db,
        DATA_API_DB,
        ExecSandbox,
        ExpressionEvaluator,
        ADDRESS_POLICY,
        IdentityService,
        FeatureService,
        FEATURE_GATE,
        EventQueueConsumer,
        PluginHostModule,
        OutboundModule,
      ],
    };
  }
}

/** Host and port of the console's own database, which no spec may reach. */
function databaseAddress(url: string): { host: string; port: number } | null {
  try {
    const u = new URL(url);
    return { host: u.hostname || '127.0.0.1', port: Number(u.port) || 5432 };
  } catch {
    return null;
  }
}
