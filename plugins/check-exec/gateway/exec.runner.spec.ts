import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { loadConfig } from '@gateway/core/config/app-config';
import { ExecSandbox } from '@gateway/core/sandbox';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { ExecCheckRunner } from './exec.runner';

const context = (timeoutMs = 3000): CheckRunContext => checkContext(timeoutMs);
const asRoot = process.getuid?.() === 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exec-check-data-'));
const sandbox = (env: Record<string, string> = {}) => new ExecSandbox(loadConfig({ DATA_DIR: dataDir, ...env }));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('exec check', () => {
  const runner = new ExecCheckRunner(sandbox());

  it('passes on exit 0 with stdout, stderr and the exit code in details', async () => {
    const r = await runner.run({ name: 'e', script: 'echo "hello $WHO"; echo warn >&2; exit 0', env: [{ name: 'WHO', value: 'sre' }] }, context());
    expect(r).toMatchObject({
      pass: true,
      invalid: false,
      error: null,
      message: 'hello sre',
      details: { stdout: 'hello sre\n', stderr: 'warn\n', exitCode: 0 },
    });
  });

  it('fails on a non-zero exit, with stderr in the message', async () => {
    const r = await runner.run({ name: 'e', script: 'set -e\nfor i in 1 2; do echo $i; done\necho "disk full" >&2\nexit 3' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'exit code 3: disk full', details: { stdout: '1\n2\n', exitCode: 3 } });
  });

  it('kills the script and its children when the timeout passes', async () => {
    const r = await runner.run({ name: 'e', script: 'echo started; sleep 30 & sleep 30; echo never' }, context(300));
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms', details: { stdout: 'started\n' } });
  });

  it('gives the script only the declared variables, never the gateway environment', async () => {
    process.env.CHECK_EXEC_SECRET_PROBE = 'leaked';
    try {
      const r = await runner.run({ name: 'e', script: 'env | cut -d= -f1 | sort | tr "\\n" " "', env: { ONLY: 'me' } }, context());
      expect(r.details.stdout).toBe('CONSOLE_SANDBOX_RUN HOME LANG ONLY PATH PWD SHLVL TMPDIR _ ');
    } finally {
      delete process.env.CHECK_EXEC_SECRET_PROBE;
    }
  });

  it('cuts output beyond 1 MiB and says so', async () => {
    const r = await runner.run({ name: 'e', script: 'head -c 1500000 /dev/zero | tr "\\0" a' }, context());
    expect((r.details.stdout as string).length).toBe(1024 * 1024);
    expect(r.details.truncated).toBe(true);
  });

  it('names the field when invalid', async () => {
    expect(runner.validate({ name: 'e' })).toEqual(['script: required']);
    expect(runner.validate({ name: 'e', script: 'true', env: [{ name: 'A' }] })).toEqual(['env: must be a list of {name, value} or a map of strings']);
    expect(await runner.run({ name: 'e', script: '  ' }, context())).toMatchObject({ pass: false, invalid: true, message: 'script: required' });
  });

  it('reports invalid, running nothing, when scripts are turned off', async () => {
    const off = new ExecCheckRunner(sandbox({ EXEC_ENABLED: 'false' }));
    const marker = path.join(os.tmpdir(), `exec-off-${process.pid}`);
    const r = await off.run({ name: 'e', script: `touch ${marker}` }, context());
    expect(r).toMatchObject({ pass: false, invalid: true, message: 'Running scripts is turned off on this console.' });
    expect(fs.existsSync(marker)).toBe(false);
  });
});

(asRoot ? describe : describe.skip)('exec sandbox (the gateway runs as root here)', () => {
  const runner = new ExecCheckRunner(sandbox());

  it('runs the script as nobody, not as root', async () => {
    const r = await runner.run({ name: 'e', script: 'id -u; id -g; id -G' }, context());
    expect(r.details.stdout).toBe('65534\n65534\n65534\n');
  });

  it('runs as the configured EXEC_UID/EXEC_GID', async () => {
    const r = await new ExecCheckRunner(sandbox({ EXEC_UID: '4242', EXEC_GID: '4343' })).run({ name: 'e', script: 'id -u; id -g' }, context());
    expect(r.details.stdout).toBe('4242\n4343\n');
  });

  it('cannot read the gateway environment, DATA_DIR or the connection key', async () => {
    fs.writeFileSync(path.join(dataDir, 'connection.key'), 'secret-key\n', { mode: 0o600 });
    fs.chmodSync(dataDir, 0o755); // as a fresh checkout might leave it: the sandbox closes it again
    const guarded = new ExecCheckRunner(sandbox());
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o750); // others out; the group (root's here) kept
    const r = await guarded.run(
      {
        name: 'e',
        script: `cat /proc/${process.pid}/environ >/dev/null 2>&1 && echo environ; ls ${dataDir} >/dev/null 2>&1 && echo datadir; cat ${dataDir}/connection.key 2>/dev/null; echo done`,
      },
      context(),
    );
    expect(r.details.stdout).toBe('done\n');
  });

  it('ends what the script left running outside its process group (setsid ... &) when the run ends', async () => {
    const r = await runner.run({ name: 'e', script: 'setsid sleep 30 >/dev/null 2>&1 < /dev/null & echo $!' }, context());
    const pid = Number((r.details.stdout as string).trim());
    expect(pid).toBeGreaterThan(0);
    const state = () => {
      try {
        return /State:\s+(\w)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'gone';
      } catch {
        return 'gone';
      }
    };
    // SIGKILL is delivered asynchronously: the process may still be on a CPU for a moment after kill() returns.
    for (let i = 0; i < 100 && !['gone', 'Z'].includes(state()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(['gone', 'Z']).toContain(state());
  });

  it('works in a scratch directory of its own that is gone afterwards', async () => {
    const r = await runner.run({ name: 'e', script: 'pwd; echo "$HOME"; touch made-here && echo wrote' }, context());
    const [cwd, home, wrote] = (r.details.stdout as string).trim().split('\n');
    expect(cwd).toBe(home);
    expect(cwd.startsWith(path.join(os.tmpdir(), 'console-exec-'))).toBe(true);
    expect(wrote).toBe('wrote');
    expect(fs.existsSync(cwd)).toBe(false);
  });
});

(asRoot ? describe.skip : describe)('exec sandbox (the gateway does not run as root here)', () => {
  it('refuses to run scripts as the gateway’s own user', async () => {
    const r = await new ExecCheckRunner(sandbox()).run({ name: 'e', script: 'id -u' }, context());
    expect(r).toMatchObject({ invalid: true, message: expect.stringMatching(/no separate user/) });
  });
});

describe('exec check registration', () => {
  it("contributes to the 'checks' extension point as 'exec' and declares that it runs code", () => {
    expect(extensionsOf(ExecCheckRunner)).toEqual([{ point: 'checks', id: 'exec' }]);
    const runner = new ExecCheckRunner(sandbox());
    expect(runner.type).toBe('exec');
    expect(runner.runsCode).toBe(true);
  });
});
