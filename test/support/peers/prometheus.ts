import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROMETHEUS_BINARY = '/usr/bin/prometheus';

export interface PrometheusPeer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real loopback server from a Debian binary (Prometheus, Alertmanager): starts it with `args(port, dir)` in a temp
 * directory, waits until `readyPath` answers 200, and kills it on `stop()` or when the test process exits.
 */
export async function startLoopbackServer(opts: {
  binary: string;
  name: string;
  args: (port: number, dir: string) => string[];
  setup?: (dir: string, port: number) => void;
  readyPath: string;
  readyTimeoutMs?: number;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `${opts.name}-peer-`));
  const port = await freePort();
  opts.setup?.(dir, port);
  const child: ChildProcess = spawn(opts.binary, opts.args(port, dir), { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const cleanup = () => {
    if (!exited) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanup);

  const stop = async () => {
    process.removeListener('exit', cleanup);
    if (!exited) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${opts.name} did not become ready on ${url}${exited ? ' (it exited)' : ''}:\n${log}`);
}

/**
 * The real Prometheus (Debian's `prometheus` package) on a free loopback port, scraping itself every second, with
 * its TSDB in a temp directory. Resolves null (and says why) when the binary is not installed.
 */
export async function startPrometheus(): Promise<PrometheusPeer | null> {
  if (!existsSync(PROMETHEUS_BINARY)) {
    console.warn(`prometheus peer: ${PROMETHEUS_BINARY} is not installed (apt-get install prometheus); skipping live tests`);
    return null;
  }
  return startLoopbackServer({
    binary: PROMETHEUS_BINARY,
    name: 'prometheus',
    setup: (dir, port) =>
      writeFileSync(
        join(dir, 'prometheus.yml'),
        [
          'global:',
          '  scrape_interval: 1s',
          '  evaluation_interval: 1s',
          'scrape_configs:',
          '  - job_name: prometheus',
          '    static_configs:',
          `      - targets: ['127.0.0.1:${port}']`,
          '',
        ].join('\n'),
      ),
    args: (port, dir) => [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    readyPath: '/-/ready',
  });
}
