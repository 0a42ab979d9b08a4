import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The newcomer's path, `npm start` without DATABASE_URL: the built gateway on its embedded Postgres.
 * First start creates admin@local with a password printed once; Ctrl-C stops Postgres; a restart keeps the data;
 * after a SIGKILL the next start stops the orphaned Postgres and carries on.
 */
const root = path.resolve(__dirname, '../..');
const PORT = 18190;
const PG_PORT = 54349;

interface Running {
  child: ChildProcess;
  log: () => string;
}

function start(dataDir: string): Running {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(PG_PORT),
    DEMO_DATA: 'true',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  const child = spawn('node', [path.join(root, 'gateway/dist/gateway/src/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, log: () => out };
}

async function ready(r: Running): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [250] })
    .toBe(200);
  // The listening line is the last thing the start logs.
  await expect.poll(() => r.log(), { timeout: 5_000 }).toContain('Console listening');
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

function postmasterAlive(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function login(password: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@local', password }),
  });
  return res.status;
}

test('starts on an embedded Postgres, survives Ctrl-C and a hard kill, and keeps its data', async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-embedded-'));
  fs.chmodSync(dataDir, 0o755);
  try {
    // First start: cluster created, migrations applied, admin created with a generated password shown once.
    const first = start(dataDir);
    await ready(first);
    const password = /Created the first admin: admin@local with password (\S+)/.exec(first.log())?.[1];
    expect(password, first.log()).toBeTruthy();
    expect(await login(password!)).toBe(200);
    const about = await (await fetch(`http://127.0.0.1:${PORT}/api/about`)).json();
    expect(about.database).toBe('embedded');
    if (process.getuid?.() === 0) {
      // As root the server runs as its own account, not as nobody (the exec sandbox's user), and DATA_DIR (connection
      // key, credentials) is closed to everybody else.
      const cluster = fs.statSync(path.join(dataDir, 'pg'));
      expect([0, 65534]).not.toContain(cluster.uid);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o750);
      expect(fs.statSync(dataDir).gid).toBe(cluster.gid);
    }

    // Ctrl-C: the gateway exits and takes Postgres with it.
    first.child.kill('SIGINT');
    expect(await exited(first.child)).toBe(0);
    expect(postmasterAlive(dataDir)).toBe(false);

    // Restart: same data, no second admin, same password.
    const second = start(dataDir);
    await ready(second);
    expect(second.log()).not.toContain('Created the first admin');
    expect(await login(password!)).toBe(200);

    // A hard kill leaves Postgres running; the next start stops that orphan and comes up.
    second.child.kill('SIGKILL');
    await exited(second.child);
    expect(postmasterAlive(dataDir)).toBe(true);
    const third = start(dataDir);
    await ready(third);
    expect(third.log()).toContain('Stopping an orphaned embedded Postgres');
    expect(await login(password!)).toBe(200);
    third.child.kill('SIGINT');
    expect(await exited(third.child)).toBe(0);
    expect(postmasterAlive(dataDir)).toBe(false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
