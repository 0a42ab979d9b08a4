import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { loadConfig } from '@gateway/core/config/app-config';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { ExecSandbox } from '@gateway/core/sandbox';
import { actionContext } from '../../../test/support/action-context';
import { ExecAction } from './exec.action';

const asRoot = process.getuid?.() === 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exec-action-data-'));
const sandbox = (env: Record<string, string> = {}) => new ExecSandbox(loadConfig({ DATA_DIR: dataDir, ...env }));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The state letter of a process, or 'gone'. */
function processState(pid: number): string {
  try {
    return /State:\s+(\w)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'gone';
  } catch {
    return 'gone';
  }
}

describe('exec action: validate', () => {
  const action = new ExecAction(sandbox());

  it('is registered as the `exec` action type, runs code and is not resumed', () => {
    expect(extensionsOf(ExecAction)).toEqual([{ point: ACTION_TYPES.id, id: 'exec' }]);
    expect(action).toMatchObject({ type: 'exec', runsCode: true, retrySafe: false, literalFields: ['script'] });
  });

  it('takes a script with env as a list, a map or secret references', () => {
    expect(action.validate({ script: 'echo hi' })).toEqual([]);
    expect(action.validate({ script: 'echo hi', env: [{ name: 'A', value: '1' }] })).toEqual([]);
    expect(action.validate({ script: 'echo hi', env: { A: '1', B: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } } } })).toEqual([]);
    expect(action.validate({ script: 'echo hi', env: [{ name: 'T', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] })).toEqual([]);
    // Rendered when the action runs: judged then.
    expect(action.validate({ script: 'echo "$X"', env: '$(params.env)' })).toEqual([]);
  });

  it('names the field that is wrong', () => {
    expect(action.validate({})).toEqual(['script: required']);
    expect(action.validate({ script: '  \n' })).toEqual(['script: required']);
    expect(action.validate({ script: 'true', env: [{ name: 'A' }] })).toEqual(['env: must be a list of {name, value} or a map of strings']);
    expect(action.validate({ script: 'true', env: 'A=1' })).toEqual(['env: must be a list of {name, value} or a map of strings']);
    expect(action.validate({ script: 'true', checkout: { url: 'x' } })).toEqual(['checkout: not a field of exec (script, env)']);
  });
});

describe('exec action: runs in the sandbox', () => {
  const action = new ExecAction(sandbox());

  it('completes on exit 0 with stdout, stderr and the exit code', async () => {
    const out = await action.run({ script: 'echo "hello $WHO"; echo warn >&2', env: [{ name: 'WHO', value: 'sre' }] }, actionContext());
    expect(out).toEqual({ error: null, result: { stdout: 'hello sre\n', stderr: 'warn\n', exitCode: 0 } });
  });

  it('fails on a non-zero exit with the status and the last line of stderr', async () => {
    const out = await action.run({ script: 'echo 1; echo "first problem" >&2; echo "disk full" >&2; exit 3' }, actionContext());
    expect(out).toEqual({ error: 'exit status 3: disk full', result: { stdout: '1\n', stderr: 'first problem\ndisk full\n', exitCode: 3 } });
    expect(await action.run({ script: 'exit 7' }, actionContext())).toMatchObject({ error: 'exit status 7', result: { exitCode: 7 } });
  });

  it('resolves secret references in env through the run, and fails naming one that does not resolve', async () => {
    const ref = { secretKeyRef: { name: 'db', key: 'password' } };
    const resolveSecret = async (r: unknown) => (JSON.stringify(r) === JSON.stringify({ valueFrom: ref }) ? 's3cret' : null);
    const out = await action.run(
      {
        script: 'echo "$TOKEN/$PLAIN"',
        env: [
          { name: 'TOKEN', valueFrom: ref },
          { name: 'PLAIN', value: 'x' },
        ],
      },
      actionContext({ resolveSecret }),
    );
    expect(out).toMatchObject({ error: null, result: { stdout: 's3cret/x\n' } });
    const missing = await action.run(
      { script: 'echo never', env: { TOKEN: { valueFrom: { secretKeyRef: { name: 'gone', key: 'password' } } } } },
      actionContext({ resolveSecret }),
    );
    expect(missing).toEqual({ error: 'env: TOKEN could not be resolved', result: {} });
  });

  it('gives the script only its env, not the gateway environment nor the run parameters', async () => {
    process.env.ACTION_EXEC_SECRET_PROBE = 'leaked';
    try {
      const out = await action.run(
        { script: 'env | cut -d= -f1 | sort | tr "\\n" " "', env: { ONLY: 'me' } },
        actionContext({ scope: { params: { namespace: 'prod' } } }),
      );
      expect(out.result.stdout).toBe('CONSOLE_SANDBOX_RUN HOME LANG ONLY PATH PWD SHLVL TMPDIR _ ');
    } finally {
      delete process.env.ACTION_EXEC_SECRET_PROBE;
    }
  });

  it('kills the script and its children when the action times out', async () => {
    const out = await action.run({ script: 'sleep 30 & echo $!; sleep 30; echo never' }, actionContext({ timeoutMs: 500 }));
    expect(out.error).toBe('timed out after 500ms');
    const child = Number((out.result.stdout as string).trim());
    expect(child).toBeGreaterThan(0);
    expect(['gone', 'Z']).toContain(processState(child));
  });

  it('stops when the run is cancelled, saying why as the engine does', async () => {
    for (const [reason, error] of [
      [undefined, 'cancelled'],
      [new Error('Cancelled'), 'Cancelled'],
      [new Error('timed out after 5m'), 'timed out after 5m'],
    ] as const) {
      const cancel = new AbortController();
      const running = action.run({ script: 'echo started; sleep 30' }, actionContext({ signal: cancel.signal, timeoutMs: 60_000 }));
      setTimeout(() => cancel.abort(reason), 100);
      const out = await running;
      expect(out.error).toBe(error);
      expect(out.result.exitCode).toBeNull();
    }
  });

  it('cuts output beyond 1 MiB and says so', async () => {
    const ctx = actionContext();
    const out = await action.run({ script: 'head -c 1500000 /dev/zero | tr "\\0" a' }, ctx);
    expect((out.result.stdout as string).length).toBe(1024 * 1024);
    expect(out.result.truncated).toBe(true);
    expect(ctx.lines).toEqual(['output cut at 1048576 bytes per stream']);
  });

  it('fails with the sandbox’s reason, running nothing, when scripts are turned off', async () => {
    const marker = path.join(os.tmpdir(), `exec-action-off-${process.pid}`);
    const out = await new ExecAction(sandbox({ EXEC_ENABLED: 'false' })).run({ script: `touch ${marker}` }, actionContext());
    expect(out).toEqual({ error: 'Running scripts is turned off on this console.', result: {} });
    expect(fs.existsSync(marker)).toBe(false);
  });
});

(asRoot ? describe : describe.skip)('exec action: sandbox user (the gateway runs as root here)', () => {
  it('runs the script as nobody, not as root', async () => {
    const out = await new ExecAction(sandbox()).run({ script: 'id -u; id -g' }, actionContext());
    expect(out.result.stdout).toBe('65534\n65534\n');
  });
});

(asRoot ? describe.skip : describe)('exec action: sandbox user (the gateway does not run as root here)', () => {
  it('fails, naming why, when there is no separate user to run as', async () => {
    const out = await new ExecAction(sandbox()).run({ script: 'id -u' }, actionContext());
    expect(out.error).toMatch(/no separate user/);
  });
});
