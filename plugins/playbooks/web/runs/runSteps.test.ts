import { actionLogText, defaultStepId, isSelectable, linkParts, logFileName, runSteps, selectedStepId } from './runSteps';
import { endsAt, formatDuration, formatShortDateTime, startsAt } from './runTimes';
import { runAction, runDetail } from './testing';

describe('run steps', () => {
  it('adds the Initialization step only to a failed run with an error', () => {
    expect(runSteps(runDetail({ status: 'failed', error: 'boom' })).map((s) => s.name)).toEqual(['Initialization', 'restart']);
    expect(runSteps(runDetail({ status: 'failed', error: null })).map((s) => s.name)).toEqual(['restart']);
    expect(runSteps(runDetail({ status: 'completed', error: 'boom' })).map((s) => s.name)).toEqual(['restart']);
  });

  it("lists the spec's actions that have no row yet as not started, after those that have, never selectable", () => {
    const playbook = {
      ...runDetail().playbook!,
      spec: { actions: [{ name: 'check' }, { name: 'restart' }, { name: 'notify' }] },
    };
    const pending = runSteps(runDetail({ status: 'pending_approval', start_time: null, end_time: null, actions: [], playbook }));
    expect(pending.map((s) => [s.name, 'notStarted' in s])).toEqual([
      ['check', true],
      ['restart', true],
      ['notify', true],
    ]);
    expect(pending.some(isSelectable)).toBe(false);
    expect(defaultStepId(pending)).toBeNull();
    expect(selectedStepId(pending, pending[0].id)).toBeNull();

    const running = runSteps(
      runDetail({ status: 'running', end_time: null, playbook, actions: [runAction({ id: 'a1', name: 'check', status: 'running', end_time: null })] }),
    );
    expect(running.map((s) => [s.id, s.name])).toEqual([
      ['a1', 'check'],
      ['not-started-1', 'restart'],
      ['not-started-2', 'notify'],
    ]);
    expect(defaultStepId(running)).toBe('a1');

    const failed = runSteps(runDetail({ status: 'failed', error: 'bad parameter', actions: [], playbook }));
    expect(failed.map((s) => s.name)).toEqual(['Initialization', 'check', 'restart', 'notify']);
    expect(failed.filter(isSelectable).map((s) => s.id)).toEqual(['initialization']);
  });

  it('selects the running step, else the last that ran, never a skipped one', () => {
    const ran = runAction({ id: 'a', name: 'a', status: 'completed' });
    const running = runAction({ id: 'b', name: 'b', status: 'running', end_time: null });
    const skipped = runAction({ id: 'c', name: 'c', status: 'skipped' });
    const pending = runAction({ id: 'd', name: 'd', status: 'pending', start_time: null, end_time: null });
    expect(defaultStepId([ran, running, skipped])).toBe('b');
    expect(defaultStepId([ran, skipped, pending])).toBe('a');
    expect(defaultStepId([skipped, pending])).toBe('d');
    expect(selectedStepId([ran, skipped], 'c')).toBe('a');
    expect(selectedStepId([ran, running], 'a')).toBe('a');
  });

  it('links only http and https addresses, without trailing punctuation', () => {
    expect(linkParts('see https://a.example/x?y=1. or http://b.example')).toEqual([
      { text: 'see ' },
      { href: 'https://a.example/x?y=1' },
      { text: '. or ' },
      { href: 'http://b.example' },
    ]);
    expect(linkParts('javascript:alert(1) file:///etc/passwd data:text/html,x')).toEqual([{ text: 'javascript:alert(1) file:///etc/passwd data:text/html,x' }]);
  });

  it('writes the log file with every output, other result fields as JSON', () => {
    const text = actionLogText(
      runAction({
        id: 'a',
        name: 'call',
        status: 'failed',
        error: 'bad status',
        result: { stdout: 'out', stderr: 'err', logs: 'line', exitCode: 1, status: 500, body: { ok: false } },
      }),
    );
    expect(text).toContain('Exit code: 1');
    expect(text).toContain('--- error ---\nbad status');
    expect(text).toContain('--- stdout ---\nout');
    expect(text).toContain('--- stderr ---\nerr');
    expect(text).toContain('--- logs ---\nline');
    expect(text).toContain('--- body ---\n{\n  "ok": false\n}');
    expect(logFileName('restart pod/../x', 'step 1')).toBe('restart-pod-..-x-step-1-logs.txt');
  });
});

describe('run times', () => {
  const now = Date.parse('2026-03-10T00:00:00Z');
  it('reads relative and absolute starts, the default range otherwise', () => {
    expect(startsAt('now-1d', now)).toBe('2026-03-09T00:00:00.000Z');
    expect(startsAt('2026-03-01T00:00:00Z', now)).toBe('2026-03-01T00:00:00.000Z');
    expect(startsAt('now-banana', now)).toBe('2026-03-03T00:00:00.000Z');
    expect(endsAt('')).toBe('');
    expect(endsAt('nonsense')).toBe('');
  });

  it('writes short dates: day and time this year, the date alone another year', () => {
    const thisYear = formatShortDateTime('2026-03-01T10:00:00Z', now);
    expect(thisYear).not.toContain('2026');
    expect(thisYear).toMatch(/\d{1,2}:\d{2}/);
    const lastYear = formatShortDateTime('2025-03-01T10:00:00Z', now);
    expect(lastYear).toContain('2025');
    expect(lastYear).not.toMatch(/\d{1,2}:\d{2}/);
    expect(formatShortDateTime(null, now)).toBe('');
    expect(formatShortDateTime('nonsense', now)).toBe('');
  });

  it('formats durations, up to now while running', () => {
    expect(formatDuration('2026-03-01T10:00:00Z', '2026-03-01T10:00:00.250Z')).toBe('250ms');
    expect(formatDuration('2026-03-01T10:00:00Z', '2026-03-01T11:02:03Z')).toBe('1h 2m');
    expect(formatDuration('2026-03-09T23:59:50Z', null, now)).toBe('10s');
    expect(formatDuration(null, null)).toBe('');
  });
});
