import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { embeddedPostgresAccount } from '../database/embedded-postgres';

/** What a caller asks the sandbox to run: a bash script with only the variables it declares. */
export interface SandboxJob {
  script: string;
  /** The script's whole environment besides PATH, HOME, TMPDIR and LANG (never the gateway's). */
  env?: Record<string, string>;
  timeoutMs: number;
  /** Aborting kills the script's whole process group, as the timeout does. */
  signal?: AbortSignal;
  /** Per stream; the rest is dropped (default 1 MiB). */
  maxOutputBytes?: number;
}

export interface SandboxOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** stdout or stderr was longer than the cap. */
  truncated: boolean;
}

/** The sandbox will not run this job (turned off, or no separate user to run as); the caller reports it as invalid. */
export class SandboxRefused extends Error {}

export const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';
const NOBODY = 65534;
const DEFAULT_OUTPUT_BYTES = 1024 * 1024;
/** Limits set by the wrapper before the script starts: file size (1 KiB blocks) and address space (KiB). */
const MAX_FILE_KIB = 64 * 1024;
const MAX_MEMORY_KIB = 1024 * 1024;

/**
 * Runs user-supplied code (exec checks; later playbook actions, topology lookups, scrapers) away from the gateway:
 * as a separate unprivileged user, with an empty environment plus the declared variables, in a fresh scratch
 * directory that is removed afterwards, under CPU/file/memory limits, with output caps and a process-group kill on
 * timeout. The gateway's `DATA_DIR` (connection key, database credentials) is closed to other users, so that user
 * cannot enter it; nor may it be the embedded database server's user.
 */
@Injectable()
export class ExecSandbox {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exec' | 'dataDir'>) {
    protectDataDir(config.dataDir);
  }

  get enabled(): boolean {
    return this.config.exec.enabled;
  }

  /** The uid/gid scripts run as, or why none can be used. */
  identity(): { uid: number; gid: number } {
    const own = process.getuid?.() ?? -1;
    const uid = this.config.exec.uid ?? (own === 0 ? NOBODY : null);
    if (uid === null) {
      throw new SandboxRefused('Scripts cannot run here: the console has no separate user to run them as. An administrator must configure the sandbox user.');
    }
    if (uid === own) throw new SandboxRefused('Scripts cannot run as the console’s own user. An administrator must configure a separate sandbox user.');
    if (uid === embeddedPostgresAccount()?.uid) {
      throw new SandboxRefused('Scripts cannot run as the user of the console’s database server. An administrator must configure a separate sandbox user.');
    }
    return { uid, gid: this.config.exec.gid ?? (this.config.exec.uid === null ? NOBODY : uid) };
  }

  async run(job: SandboxJob): Promise<SandboxOutcome> {
    if (!this.enabled) throw new SandboxRefused('Running scripts is turned off on this console.');
    const { uid, gid } = this.identity();
    const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'console-exec-'));
    try {
      await fs.promises.chown(scratch, uid, gid);
      await fs.promises.chmod(scratch, 0o700);
      const run = randomUUID();
      const env = { ...job.env, PATH: SANDBOX_PATH, HOME: scratch, TMPDIR: scratch, LANG: 'C.UTF-8', [RUN_MARKER]: run };
      try {
        return await spawnLimited(job, { uid, gid, cwd: scratch, env });
      } finally {
        // What the script left behind outside its process group (setsid, nohup ... &) ends with the run too. A process
        // caught in the middle of exec shows no environment for a moment, so one sweep can miss it: sweep again after a
        // turn of the event loop, and go on while sweeps still find something (at most 5).
        const marker = `${RUN_MARKER}=${run}`;
        for (let pass = 0; pass < 5; pass++) {
          const killed = await killLeftovers(uid, marker);
          if (pass >= 1 && killed === 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/** Every process a run starts carries this variable, so what escapes its process group can still be found. */
export const RUN_MARKER = 'CONSOLE_SANDBOX_RUN';

/** Kills the processes of `uid` whose environment holds `marker` (read from /proc; nothing where there is none). */
export async function killLeftovers(uid: number, marker: string): Promise<number> {
  let killed = 0;
  // One synchronous sweep: a stat of a /proc entry is a few microseconds, while one promise per process (hundreds on a
  // busy host, after every script) cost the gateway more than the rest of a playbook action's bookkeeping.
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.statSync(`/proc/${pid}`).uid !== uid) continue;
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
      if (!environ.split('\0').includes(marker)) continue;
      process.kill(Number(pid), 'SIGKILL');
      killed++;
    } catch {
      // gone already, or not ours to read
    }
  }
  return killed;
}

/**
 * DATA_DIR holds the connection key and the embedded database's credentials: other users may not enter it. Its group
 * keeps what it has (as root the embedded server's group must reach its cluster there).
 */
export function protectDataDir(dataDir: string): void {
  try {
    const stat = fs.statSync(dataDir);
    if (stat.uid === process.getuid?.() && (stat.mode & 0o007) !== 0) fs.chmodSync(dataDir, stat.mode & 0o770);
  } catch {
    // Not created yet: the connection store and the embedded database create it 0700.
  }
}

function spawnLimited(job: SandboxJob, options: { uid: number; gid: number; cwd: string; env: Record<string, string> }): Promise<SandboxOutcome> {
  const maxBytes = job.maxOutputBytes ?? DEFAULT_OUTPUT_BYTES;
  const cpuSeconds = Math.max(1, Math.ceil(job.timeoutMs / 1000) + 1);
  // The limits apply to the script and everything it starts; the script is passed as an argument, not re-parsed.
  // `timeout` bounds its wall-clock time outside the gateway too: a script whose gateway was killed mid-run (no timer
  // left to end it) is killed with its process group one second after its own timeout.
  const wallSeconds = Math.max(1, Math.ceil(job.timeoutMs / 1000) + 1);
  const wrapper = `ulimit -t ${cpuSeconds} -f ${MAX_FILE_KIB} -v ${MAX_MEMORY_KIB} 2>/dev/null; exec timeout -s KILL ${wallSeconds} /bin/bash -c "$1"`;
  return new Promise((resolve, reject) => {
    // detached: the script gets its own process group, so a timeout kills its children too (sleep, curl, ...).
    const child = spawn('/bin/bash', ['-c', wrapper, 'sandbox', job.script], {
      ...options,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = new CappedBuffer(maxBytes);
    const stderr = new CappedBuffer(maxBytes);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let timedOut = false;
    const kill = () => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(kill, job.timeoutMs);
    if (job.signal?.aborted) kill();
    else job.signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', kill);
    };
    child.once('error', (error) => (done(), reject(error)));
    child.once('close', (exitCode, signal) => {
      done();
      resolve({ stdout: stdout.text(), stderr: stderr.text(), exitCode, signal, timedOut, truncated: stdout.truncated || stderr.truncated });
    });
  });
}

class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    if (this.size < this.max) this.chunks.push(chunk);
    this.size += chunk.length;
  }

  get truncated(): boolean {
    return this.size > this.max;
  }

  text(): string {
    return Buffer.concat(this.chunks).subarray(0, this.max).toString('utf8');
  }
}
