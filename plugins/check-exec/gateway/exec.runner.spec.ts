import { EXTENSION_KEY } from '@gateway/core/plugin-host/extension-point';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { ExecCheckRunner } from './exec.runner';

const context = (timeoutMs = 3000): CheckRunContext => checkContext(timeoutMs);

describe('exec check', () => {
  const runner = new ExecCheckRunner();

  it('passes on exit 0 with stdout, stderr and the exit code in details', async () => {
    const r = await runner.run({ name: 'e', script: 'echo "hello $WHO"; echo warn >&2; exit 0', env: [{ name: 'WHO', value: 'sre' }] }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: 'hello sre', details: { stdout: 'hello sre\n', stderr: 'warn\n', exitCode: 0 } });
  });

  it('fails on a non-zero exit, with stderr in the message', async () => {
    const r = await runner.run({ name: 'e', script: 'set -e\nfor i in 1 2; do echo $i; done\necho "disk full" >&2\nexit 3' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'exit code 3: disk full', details: { stdout: '1\n2\n', exitCode: 3 } });
  });

  it('kills the script and its children when the timeout passes', async () => {
    const started = Date.now();
    const r = await runner.run({ name: 'e', script: 'echo started; sleep 30 & sleep 30; echo never' }, context(300));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms', details: { stdout: 'started\n' } });
  });

  it('does not leak the gateway environment to the script', async () => {
    process.env.CHECK_EXEC_SECRET_PROBE = 'leaked';
    try {
      const r = await runner.run({ name: 'e', script: 'echo "[${CHECK_EXEC_SECRET_PROBE:-}]"' }, context());
      expect(r.details.stdout).toBe('[]\n');
    } finally {
      delete process.env.CHECK_EXEC_SECRET_PROBE;
    }
  });

  it('names the field when invalid', async () => {
    expect(runner.validate({ name: 'e' })).toEqual(['script: required']);
    expect(runner.validate({ name: 'e', script: 'true', env: [{ name: 'A' }] })).toEqual(['env: must be a list of {name, value} or a map of strings']);
    expect(await runner.run({ name: 'e', script: '  ' }, context())).toMatchObject({ pass: false, invalid: true, message: 'script: required' });
  });
});

describe('exec check registration', () => {
  it("contributes to the 'checks' extension point as 'exec'", () => {
    expect(Reflect.getMetadata(EXTENSION_KEY, ExecCheckRunner)).toEqual({ point: 'checks', id: 'exec' });
    expect(new ExecCheckRunner().type).toBe('exec');
  });
});
