import * as path from 'node:path';

/** Everything the gateway reads from its environment, validated once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Set → use that server; unset → start the embedded Postgres under `dataDir/pg`. */
  databaseUrl: string | null;
  dataDir: string;
  /** Port of the embedded Postgres when its cluster is created (later starts keep the cluster's port); null → 54329. */
  embeddedPgPort: number | null;
  /**
   * Where people reach the console (`https://console.example.com`), for links the gateway writes into other systems
   * (a Jira issue's link back to its incident). Unset → links are relative to the console's root.
   */
  publicUrl: string | null;
  /** Key of the stored connections' secrets; null → a key generated once into `dataDir/connection.key`. */
  connectionKey: string | null;
  adminEmail: string;
  adminPassword: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed demo data on the first start of an empty database. */
  demoData: boolean;
  /** The shipped demo folder (`demo/`): the demo catalogue's files, scraped by the demo `file` scraper. */
  demoDir: string;
  /** Serve the SPA from this folder when it exists. */
  webDist: string;
  /** The project's docs/ folder, served at /docs/ for the help menu. */
  docsDir: string;
  /** The Helm charts shipped with the project (`helm/`), read for the integrations' chart values. */
  helmDir: string;
  /** Local feature flags: `name=value` pairs separated by commas or newlines (read-only in the UI). */
  localProperties: Record<string, string>;
  /** Cookies get the Secure attribute (set when served over https). */
  secureCookies: boolean;
  sessionTtlHours: number;
  /** How long a resolved session or token is trusted without asking the database again (0 = never). */
  authCacheMs: number;
  /**
   * Sign-in throttling: failures are counted per (account, address) and per address within the window; beyond
   * `backoffAfter` failures of one account from anywhere, each further attempt on it waits longer (up to
   * `backoffMaxSeconds`), so a flood from many addresses slows down instead of locking the owner out.
   */
  loginRateLimit: {
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    windowSeconds: number;
    backoffAfter: number;
    backoffMaxSeconds: number;
  };
  /** argon2id verifications running at once (each takes 64 MiB and a core); the rest wait in line. */
  passwordHashConcurrency: number;
  /** Lifetime of the kubeconfig access token (one per person; a new download revokes the previous one). */
  kubeconfigTokenDays: number;
  /** Self-service account flows (spec 03 §2 sign-in and account pages). */
  identity: {
    /** How long a sign-in counts as recent for sensitive changes (new password, second factors): 'Confirm Action'. */
    reauthMinutes: number;
    /** Anyone may create an account at /registration (invite links always work). Off by default. */
    registrationOpen: boolean;
    /** Role of an account made by open registration. */
    registrationRole: 'viewer' | 'editor';
    inviteTtlHours: number;
    recoveryTtlMinutes: number;
    verificationTtlHours: number;
  };
  /** Single sign-on with an OpenID Connect provider (null issuer = off). */
  oidc: {
    issuer: string | null;
    clientId: string | null;
    clientSecret: string | null;
    /** Shown on the login button: 'Sign in with {label}'. */
    label: string;
    scopes: string;
    /** Claim holding role names (a list or a string); mapped through `roleMap` (`claimValue=role,…`). */
    rolesClaim: string;
    roleMap: Record<string, string>;
    /** Role given when the claim maps to none. */
    defaultRole: string;
    /** Expected `aud` of provider JWTs presented as Bearer tokens (defaults to the client id). */
    audience: string | null;
    /** Hosted mode: the claim naming the person's organisations. */
    orgClaim: string | null;
  };
  /** Express `trust proxy`: which peers may set X-Forwarded-For (default loopback only). */
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  /** JSON request bodies nested deeper than this are refused with 400 before they are parsed. */
  bodyMaxDepth: number;
  /** Data API (`/api/db/*`) bounds: none of them is ever a 500. */
  dataApi: {
    /** Postgres `statement_timeout` for each data-API statement. */
    statementTimeoutMs: number;
    /** How deep `select=` may embed resources in each other. */
    maxEmbedDepth: number;
    /** Largest response body; a larger answer is refused with a clear error (page with limit/offset). */
    maxResponseBytes: number;
    /** Connections of the data API's own pool; more requests wait for one in the gateway, not in Postgres. */
    poolSize: number;
  };
  /**
   * User-supplied code (exec checks, later playbook actions, topology lookups, scrapers) runs in the core sandbox
   * (`core/sandbox`): its own uid/gid, an empty environment, a scratch directory, time and output caps.
   */
  exec: {
    enabled: boolean;
    /** The sandbox user; null → the gateway's own uid when it is not root, `nobody` (65534) when it is. */
    uid: number | null;
    gid: number | null;
  };
  /** Outbound calls made on behalf of a spec (checks, scrapers, actions, lookups): the address policy. */
  outbound: {
    /**
     * Targets allowed despite the default denials (the console's own listener, its own database, cloud metadata):
     * `host`, `host:port`, an IP or a CIDR, comma separated.
     */
    allow: string[];
  };
  /** User expressions (CEL, JSONPath, templates, sandboxed JavaScript): evaluated off the event loop. */
  expressions: {
    /** Wall-clock limit of one evaluation; past it the worker is ended and the expression fails closed. */
    timeoutMs: number;
    /** Worker threads that evaluate expressions. */
    workers: number;
  };
  /** How people are notified (person responders, notification rules and their channels). */
  notify: {
    /** `connection://[namespace/]name` of the smtp connection to send with; null → the first smtp connection. */
    smtpConnection: string | null;
    /** This replica delivers notifications (claims due send history rows). */
    worker: boolean;
    /** Deliveries tried before a row ends as `error`. */
    maxAttempts: number;
    /** First retry after this; doubling, at most 1 h. */
    retryBaseMs: number;
    /** Deliveries under way at once on this replica. */
    concurrency: number;
    /** Deadline of one delivery (connect, send, answer). */
    sendTimeoutMs: number;
  };
  /** Health checks (plugins/health): the scheduler, its caps, and how long results are kept. */
  health: {
    scheduler: boolean;
    /** How often each replica looks for due checks (bounds the schedule lag). */
    tickMs: number;
    checkConcurrency: number;
    typeConcurrency: number;
    statusRetentionDays: number;
    hourlyRollupDays: number;
    /** How long a summary answer is reused (0 = never). */
    summaryCacheMs: number;
    /** Response bodies and script output stored with a check result are cut to this many bytes. */
    storedBodyBytes: number;
  };
  /** The catalogue's reads (plugins/catalog). */
  catalog: {
    /** How long a replica reuses a grouped summary answer and a changes total (0 = never); each ingest clears them. */
    summaryCacheMs: number;
  };
  /** Catalogue scrapes (plugins/catalog and plugins/scraper-*): the scheduler, its caps, and what `file` may read. */
  scrapers: {
    scheduler: boolean;
    tickMs: number;
    /** Scrapes running at once on one replica, in all and per scraper type. */
    concurrency: number;
    typeConcurrency: number;
    /** The most items one scrape may store; a larger answer fails its entry, and nothing of it is saved. */
    maxItems: number;
    /**
     * The folders a `file` scraper may read (and everything below them); any other path is refused. The console's
     * own data directory is refused even when it lies below one of them.
     */
    fileRoots: string[];
  };
  /** The event queue's consumer (gateway/src/core/events): off leaves events queued. */
  events: { consumer: boolean };
  /** Playbook runs (plugins/playbooks): the worker and its cap per replica. */
  playbooks: {
    worker: boolean;
    /** How often each replica looks for due runs besides being woken (LISTEN). */
    tickMs: number;
    /** Runs executing at once on one replica. */
    concurrency: number;
    /** A claimed run's lease: renewed while it runs; a run whose lease ran out is recovered by any replica. */
    leaseMs: number;
  };
  /** Topology runs and the component roll-up (plugins/topology). */
  topology: {
    /** Runs topologies on their schedules (Run Now works without it). */
    scheduler: boolean;
    tickMs: number;
    /** Topology runs at once on one replica. */
    concurrency: number;
    /** How often each replica rolls up the health and summary of components whose inputs changed (each pass empties the queue). */
    rollupTickMs: number;
  };
  /** Logs (plugins/logs and plugins/logs-*). */
  logs: {
    /** The console's own log is also written here (rotated), so a `file` backend can show it; null = stdout only. */
    file: string | null;
    /** The folders a `file` log backend may read (and everything below them); any other path is refused. */
    fileRoots: string[];
    /** How long one search may take. */
    timeoutMs: number;
  };
  /**
   * Agent mode (plugins/agents/gateway/push): with `url` and `agentName` set, this console is an agent that pushes
   * its own checks, results, config items and topologies to the upstream console at `url`.
   */
  upstream: {
    /** The upstream console's base URL (an operator's setting: reached through the default outbound guard). */
    url: string | null;
    /** Basic user name; `token` means the password is the agent's access token. */
    username: string;
    password: string | null;
    /** The agent's name as registered upstream. */
    agentName: string | null;
    pushIntervalMs: number;
    /** Rows per push request. */
    batchRows: number;
    /** Unpushed rows kept while the upstream is unreachable; beyond, the oldest check results are skipped. */
    backlogRows: number;
    /** Deadline of one push request. */
    timeoutMs: number;
  };
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return n;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function optionalId(env: NodeJS.ProcessEnv, name: string): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  return int(env, name, 0, 0, 4_294_967_294);
}

/** TRUST_PROXY: true/false, a hop count, or a comma list of loopback/linklocal/uniquelocal, addresses and CIDRs. */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  if (raw === undefined || raw.trim() === '') return ['loopback'];
  const value = raw.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  for (const entry of entries) {
    if (!named.includes(entry) && !/^[0-9a-f:.]+(\/\d{1,3})?$/.test(entry)) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a hop count, or a list of loopback/linklocal/uniquelocal, addresses and CIDRs; got '${entry}'`);
    }
  }
  return entries;
}

function connectionRef(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (!/^connection:\/\/([a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/i.test(raw)) {
    throw new ConfigError(`${name} must look like connection://name or connection://namespace/name, got '${raw}'`);
  }
  return raw;
}

/** An absolute http(s) URL without a trailing slash; null when unset. */
function baseUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http:// or https:// URL, got '${raw}'`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment, got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

export function parseLocalProperties(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const entry of raw.split(/[,\n]/)) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    if (eq <= 0) throw new ConfigError(`PROPERTIES entries must look like name=value, got '${trimmed}'`);
    out[trimmed.slice(0, eq).trim()] = trimmed.slice(eq + 1).trim();
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://`);
  }
  const logLevel = (env.LOG_LEVEL || 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  const adminEmail = env.ADMIN_EMAIL?.trim() || 'admin@local';
  if (!/^[^@\s]+@[^@\s]+$/.test(adminEmail)) throw new ConfigError(`ADMIN_EMAIL is not an email address: '${adminEmail}'`);
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters');
  const root = path.resolve(cwd, env.CONSOLE_ROOT || '.');
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    embeddedPgPort: env.EMBEDDED_PG_PORT ? int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535) : null,
    publicUrl: baseUrl(env, 'PUBLIC_URL'),
    connectionKey: env.CONNECTION_KEY?.trim() || null,
    adminEmail,
    adminPassword,
    logLevel,
    demoData: bool(env, 'DEMO_DATA', true),
    demoDir: path.resolve(root, 'demo'),
    webDist: path.resolve(root, env.WEB_DIST || 'web/dist'),
    docsDir: path.resolve(root, env.DOCS_DIR || 'docs'),
    helmDir: path.resolve(root, env.HELM_DIR || 'helm'),
    localProperties: parseLocalProperties(env.PROPERTIES),
    secureCookies: bool(env, 'SECURE_COOKIES', false),
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 24 * 7, 1, 24 * 365),
    authCacheMs: int(env, 'AUTH_CACHE_MS', 2000, 0, 60_000),
    loginRateLimit: {
      maxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES', 10, 1, 10_000),
      // An address may be shared by many people (NAT, a proxy): it gets a larger allowance than one account.
      maxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 100_000),
      windowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900, 1, 86_400),
      backoffAfter: int(env, 'LOGIN_BACKOFF_AFTER', 20, 1, 100_000),
      backoffMaxSeconds: int(env, 'LOGIN_BACKOFF_MAX_SECONDS', 30, 1, 3600),
    },
    passwordHashConcurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    kubeconfigTokenDays: int(env, 'KUBECONFIG_TOKEN_DAYS', 90, 1, 3650),
    identity: {
      reauthMinutes: int(env, 'REAUTH_MINUTES', 10, 1, 24 * 60),
      registrationOpen: bool(env, 'REGISTRATION_OPEN', false),
      registrationRole: env.REGISTRATION_ROLE === 'editor' ? 'editor' : 'viewer',
      inviteTtlHours: int(env, 'INVITE_TTL_HOURS', 72, 1, 24 * 30),
      recoveryTtlMinutes: int(env, 'RECOVERY_TTL_MINUTES', 30, 5, 24 * 60),
      verificationTtlHours: int(env, 'VERIFICATION_TTL_HOURS', 24, 1, 24 * 30),
    },
    oidc: {
      issuer: env.OIDC_ISSUER?.trim() || null,
      clientId: env.OIDC_CLIENT_ID?.trim() || null,
      clientSecret: env.OIDC_CLIENT_SECRET?.trim() || null,
      label: env.OIDC_LABEL?.trim() || 'single sign-on',
      scopes: env.OIDC_SCOPES?.trim() || 'openid email profile',
      rolesClaim: env.OIDC_ROLES_CLAIM?.trim() || 'roles',
      // `claimValue=role` pairs; the roles themselves are checked when single sign-on starts (oidc-settings.ts).
      roleMap: (() => {
        try {
          return parseLocalProperties(env.OIDC_ROLE_MAP);
        } catch {
          throw new ConfigError(`OIDC_ROLE_MAP entries must look like claimValue=role, separated by commas, got '${env.OIDC_ROLE_MAP}'`);
        }
      })(),
      defaultRole: env.OIDC_DEFAULT_ROLE?.trim() || 'viewer',
      audience: env.OIDC_AUDIENCE?.trim() || null,
      orgClaim: env.OIDC_ORG_CLAIM?.trim() || null,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimitBytes: 1024 * 1024,
    bodyMaxDepth: int(env, 'BODY_MAX_DEPTH', 64, 4, 1000),
    dataApi: {
      statementTimeoutMs: int(env, 'DATA_API_STATEMENT_TIMEOUT_MS', 15_000, 100, 600_000),
      maxEmbedDepth: int(env, 'DATA_API_MAX_EMBED_DEPTH', 4, 1, 16),
      maxResponseBytes: int(env, 'DATA_API_MAX_RESPONSE_BYTES', 32 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      poolSize: int(env, 'DATA_API_POOL_SIZE', 10, 1, 1000),
    },
    exec: {
      enabled: bool(env, 'EXEC_ENABLED', true),
      uid: optionalId(env, 'EXEC_UID'),
      gid: optionalId(env, 'EXEC_GID'),
    },
    outbound: { allow: list(env, 'OUTBOUND_ALLOW') },
    expressions: {
      timeoutMs: int(env, 'EXPRESSION_TIMEOUT_MS', 1000, 10, 60_000),
      workers: int(env, 'EXPRESSION_WORKERS', 2, 1, 32),
    },
    notify: {
      smtpConnection: connectionRef(env, 'NOTIFY_SMTP_CONNECTION'),
      worker: bool(env, 'NOTIFY_WORKER', true),
      maxAttempts: int(env, 'NOTIFY_MAX_ATTEMPTS', 5, 1, 100),
      retryBaseMs: int(env, 'NOTIFY_RETRY_BASE_MS', 5000, 10, 3_600_000),
      concurrency: int(env, 'NOTIFY_CONCURRENCY', 20, 1, 1000),
      sendTimeoutMs: int(env, 'NOTIFY_SEND_TIMEOUT_MS', 15_000, 100, 300_000),
    },
    health: {
      scheduler: bool(env, 'HEALTH_SCHEDULER', true),
      tickMs: int(env, 'HEALTH_SCHEDULER_TICK_MS', 250, 50, 60_000),
      checkConcurrency: int(env, 'HEALTH_CHECK_CONCURRENCY', 50, 1, 10_000),
      typeConcurrency: int(env, 'HEALTH_CHECK_TYPE_CONCURRENCY', 20, 1, 10_000),
      statusRetentionDays: int(env, 'HEALTH_STATUS_RETENTION_DAYS', 30, 1, 3650),
      hourlyRollupDays: int(env, 'HEALTH_HOURLY_ROLLUP_DAYS', 90, 1, 3650),
      summaryCacheMs: int(env, 'HEALTH_SUMMARY_CACHE_MS', 2000, 0, 60_000),
      storedBodyBytes: int(env, 'HEALTH_STORED_BODY_BYTES', 16 * 1024, 256, 10 * 1024 * 1024),
    },
    catalog: { summaryCacheMs: int(env, 'CATALOG_SUMMARY_CACHE_MS', 10_000, 0, 600_000) },
    scrapers: {
      scheduler: bool(env, 'SCRAPER_SCHEDULER', true),
      tickMs: int(env, 'SCRAPER_SCHEDULER_TICK_MS', 1000, 50, 60_000),
      concurrency: int(env, 'SCRAPER_CONCURRENCY', 4, 1, 1000),
      typeConcurrency: int(env, 'SCRAPER_TYPE_CONCURRENCY', 2, 1, 1000),
      maxItems: int(env, 'SCRAPER_MAX_ITEMS', 200_000, 1, 10_000_000),
      // The shipped demo folder by default; an operator lists the folders of their own (comma-separated).
      fileRoots: (env.SCRAPER_FILE_ROOTS?.trim() ? env.SCRAPER_FILE_ROOTS.split(',') : ['demo']).map((dir) => path.resolve(root, dir.trim())),
    },
    events: { consumer: bool(env, 'EVENT_CONSUMER', true) },
    playbooks: {
      worker: bool(env, 'PLAYBOOK_WORKER', true),
      tickMs: int(env, 'PLAYBOOK_WORKER_TICK_MS', 1000, 50, 60_000),
      concurrency: int(env, 'PLAYBOOK_CONCURRENCY', 50, 1, 10_000),
      leaseMs: int(env, 'PLAYBOOK_LEASE_MS', 30_000, 2_000, 3_600_000),
    },
    topology: {
      scheduler: bool(env, 'TOPOLOGY_SCHEDULER', true),
      tickMs: int(env, 'TOPOLOGY_SCHEDULER_TICK_MS', 5_000, 50, 600_000),
      concurrency: int(env, 'TOPOLOGY_CONCURRENCY', 4, 1, 100),
      rollupTickMs: int(env, 'TOPOLOGY_ROLLUP_TICK_MS', 500, 20, 60_000),
    },
    logs: {
      // LOG_FILE=off keeps the log on stdout only; a relative path is under the project root.
      file: env.LOG_FILE === 'off' ? null : path.resolve(root, env.LOG_FILE || path.join(env.DATA_DIR || 'data', 'logs', 'console.log')),
      fileRoots: (env.LOG_FILE_ROOTS?.trim() ? env.LOG_FILE_ROOTS.split(',') : [path.join(env.DATA_DIR || 'data', 'logs')]).map((dir) =>
        path.resolve(root, dir.trim()),
      ),
      timeoutMs: int(env, 'LOGS_TIMEOUT_MS', 30_000, 1_000, 600_000),
    },
    upstream: {
      url: baseUrl(env, 'UPSTREAM_URL'),
      username: env.UPSTREAM_USERNAME?.trim() || 'token',
      password: env.UPSTREAM_PASSWORD || null,
      agentName: env.AGENT_NAME?.trim() || null,
      pushIntervalMs: int(env, 'UPSTREAM_PUSH_INTERVAL_MS', 4000, 50, 3_600_000),
      batchRows: int(env, 'UPSTREAM_BATCH_ROWS', 500, 1, 20_000),
      backlogRows: int(env, 'UPSTREAM_BACKLOG_ROWS', 100_000, 1, 100_000_000),
      timeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 100, 600_000),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
