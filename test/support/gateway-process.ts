import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
import { freePort } from './free-port';

const HOOK = path.join(__dirname, 'swc-register.cjs');
const MAX_OUTPUT = 64 * 1024;

export interface GatewayProcessOptions {
  /** The database it runs on (already migrated or not: main.ts migrates). */
  databaseUrl: string;
  /** Further environment (PLAYBOOK_LEASE_MS, OUTBOUND_ALLOW...). */
  env?: Record<string, string>;
  /** How long to wait for /readyz (default 120 s: the sources are compiled on the fly). */
  readyTimeoutMs?: number;
}

/**
 * A real second gateway: `gateway/src/main.ts` in its own node process (and process group), its TypeScript compiled
 * on the fly by test/support/swc-register.cjs, so the API tier can kill a gateway for real (SIGKILL) before any build.
 */
export class GatewayProcess {
  private output = '';
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly dataDir: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(options: GatewayProcessOptions): Promise<GatewayProcess> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-process-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    // detached: its own process group, so the test can kill it and everything in its group at once.
    const child = spawn(process.execPath, ['-r', HOOK, path.join(ROOT, 'gateway/src/main.ts')], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const gateway = new GatewayProcess(child, port, dataDir);
    await gateway.ready(options.readyTimeoutMs ?? 120_000);
    return gateway;
  }

  get pid(): number {
    return this.child.pid!;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What it printed (the last 64 KiB), for failure messages. */
  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async ready(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`The gateway process exited before it was ready:\n${this.output}`);
      const status = await fetch(`${this.url}/readyz`)
        .then((res) => res.status)
        .catch(() => 0);
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await this.kill('SIGKILL');
    throw new Error(`The gateway process was not ready within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Sends the signal to its whole process group and waits until the gateway process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) {
      try {
        process.kill(-this.pid, signal);
      } catch {
        this.child.kill(signal);
      }
    }
    return this.exited;
  }

  /** Kills it if still running and removes its data directory. */
  async dispose(): Promise<void> {
    await this.kill('SIGKILL');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
