import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { itReportsUnreachableAndSilentPeers } from '../../../test/support/http-check-failures';
import { startAlertmanager, type AlertmanagerPeer } from '../../../test/support/peers/alertmanager';
import { AlertmanagerCheckRunner, alertmanagerUrl, matchersOf, type FiringAlert } from './alertmanager.runner';

const context = (timeoutMs = 5000): CheckRunContext => checkContext(timeoutMs);
const names = (alerts: unknown) => (alerts as FiringAlert[]).map((a) => a.name).sort();

describe('alertmanager check against the real Alertmanager', () => {
  const runner = new AlertmanagerCheckRunner();
  let am: AlertmanagerPeer | null = null;
  beforeAll(async () => {
    am = await startAlertmanager();
  });
  afterAll(async () => {
    await am?.stop();
  });

  // The tests share one Alertmanager and run in order: each fires its alerts on top of the previous ones.
  it('passes while no alert fires', async () => {
    if (!am) return;
    expect(await runner.run({ name: 'a', url: am.url }, context())).toMatchObject({
      pass: true,
      invalid: false,
      error: null,
      message: 'no alerts firing',
      details: { alerts: [], count: 0 },
    });
  });

  it('reads a host without a scheme (alertmanager:9093, as canary files give it) as http', async () => {
    if (!am) return;
    const bare = am.url.replace(/^http:\/\//, '');
    expect(runner.validate({ name: 'a', url: bare })).toEqual([]);
    expect(await runner.run({ name: 'a', url: bare }, context())).toMatchObject({ pass: true, invalid: false, message: 'no alerts firing' });
  });

  it('fails naming the firing alert, with its labels, annotations, start and fingerprint', async () => {
    if (!am) return;
    await am.fire([{ labels: { alertname: 'DiskFull', severity: 'critical', namespace: 'prod' }, annotations: { summary: 'disk is full' } }]);
    const r = await runner.run({ name: 'a', url: am.url }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: '1 alert firing: DiskFull', error: '1 alert firing: DiskFull' });
    expect(r.details.count).toBe(1);
    const [alert] = r.details.alerts as FiringAlert[];
    expect(alert).toMatchObject({
      name: 'DiskFull',
      labels: { alertname: 'DiskFull', severity: 'critical', namespace: 'prod' },
      annotations: { summary: 'disk is full' },
      message: 'disk is full',
    });
    expect(alert.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(Number.isNaN(Date.parse(String(alert.startsAt)))).toBe(false);
  });

  it('passes when `ignore` excludes the only firing alert, and `alerts` narrows by name (regex)', async () => {
    if (!am) return;
    expect(await runner.run({ name: 'a', url: am.url, ignore: ['DiskFull'] }, context())).toMatchObject({ pass: true, details: { count: 0 } });
    await am.fire([{ labels: { alertname: 'HighLatency', team: 'api' } }]);
    const both = await runner.run({ name: 'a', url: am.url }, context());
    expect(both).toMatchObject({ pass: false, message: '2 alerts firing: DiskFull, HighLatency', details: { count: 2 } });
    expect(names((await runner.run({ name: 'a', url: am.url, alerts: ['Disk.*'] }, context())).details.alerts)).toEqual(['DiskFull']);
    expect(names((await runner.run({ name: 'a', url: am.url, alerts: ['.*'], ignore: ['Disk.*'] }, context())).details.alerts)).toEqual(['HighLatency']);
    // Names are anchored, as Alertmanager's regex matchers are: 'Disk' alone matches nothing.
    expect((await runner.run({ name: 'a', url: am.url, alerts: ['Disk'] }, context())).pass).toBe(true);
  });

  it('keeps only alerts whose labels match `filters`, and drops those matching `exclude_filters`', async () => {
    if (!am) return;
    const byTeam = await runner.run({ name: 'a', url: am.url, filters: { team: 'api' } }, context());
    expect(byTeam).toMatchObject({ pass: false, message: '1 alert firing: HighLatency' });
    expect((await runner.run({ name: 'a', url: am.url, filters: { team: 'db' } }, context())).pass).toBe(true);
    expect(names((await runner.run({ name: 'a', url: am.url, filters: { namespace: 'pro.' } }, context())).details.alerts)).toEqual(['DiskFull']);
    expect(names((await runner.run({ name: 'a', url: am.url, exclude_filters: { namespace: 'prod' } }, context())).details.alerts)).toEqual(['HighLatency']);
    expect((await runner.run({ name: 'a', url: am.url, filters: { severity: 'critical' }, exclude_filters: { namespace: 'prod' } }, context())).pass).toBe(
      true,
    );
  });

  it('does not count silenced alerts', async () => {
    if (!am) return;
    await am.silence('HighLatency');
    const r = await runner.run({ name: 'a', url: am.url }, context());
    expect(r).toMatchObject({ pass: false, message: '1 alert firing: DiskFull' });
  });

  it("fails with Alertmanager's error on a matcher it rejects", async () => {
    if (!am) return;
    const r = await runner.run({ name: 'a', url: am.url, alerts: ['(unclosed'] }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/^HTTP 400: /);
    expect(r.message).toMatch(/missing closing \)|error parsing regexp/);
  });
});

describe('alertmanager check', () => {
  const runner = new AlertmanagerCheckRunner();

  it('sends names and labels as quoted, escaped regex matchers', () => {
    expect(matchersOf({ name: 'a', alerts: ['A', 'B.*'], ignore: ['C'], filters: { ns: 'a\\.b' }, exclude_filters: { q: 'say "hi"' } })).toEqual([
      'alertname=~"A|B.*"',
      'alertname!~"C"',
      'ns=~"a\\\\.b"',
      'q!~"say \\"hi\\""',
    ]);
    expect(matchersOf({ name: 'a', alerts: 'DiskFull\n High.* \n\n', ignore: '' })).toEqual(['alertname=~"DiskFull|High.*"']);
  });

  itReportsUnreachableAndSilentPeers(runner, (url) => ({ name: 'a', url }));

  it('is invalid, naming the field', async () => {
    expect(runner.validate({ name: 'a' })).toEqual(['url: required']);
    expect(runner.validate({ name: 'a', url: 'http://am:9093', alerts: { a: 1 }, ignore: [1], filters: ['x'], exclude_filters: { 'bad-label': 'x' } })).toEqual(
      [
        'alerts: must be a list of alert names',
        'ignore: must be a list of alert names',
        'filters: must be a map of label to value',
        "exclude_filters: 'bad-label' is not a label name",
      ],
    );
    expect(await runner.run({ name: 'a', url: 'ftp://am:21' }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'url: must be an http:// or https:// URL, or host:port',
    });
    expect(runner.validate({ name: 'a', url: 'am 9093' })).toEqual(['url: must be an http:// or https:// URL, or host:port']);
  });

  it('adds http:// to a host without a scheme', () => {
    expect(alertmanagerUrl('alertmanager:9093')?.href).toBe('http://alertmanager:9093/');
    expect(alertmanagerUrl('alertmanager.example.com')?.href).toBe('http://alertmanager.example.com/');
    expect(alertmanagerUrl('am.monitoring.svc:9093/prefix')?.href).toBe('http://am.monitoring.svc:9093/prefix');
    expect(alertmanagerUrl('[::1]:9093')?.href).toBe('http://[::1]:9093/');
    expect(alertmanagerUrl('https://am.example.com')?.href).toBe('https://am.example.com/');
    expect(alertmanagerUrl('user@am:9093')).toBeNull();
  });
});

describe('alertmanager check registration', () => {
  it("contributes to the 'checks' extension point as 'alertmanager'", () => {
    expect(extensionsOf(AlertmanagerCheckRunner)).toEqual([{ point: 'checks', id: 'alertmanager' }]);
    expect(new AlertmanagerCheckRunner().type).toBe('alertmanager');
  });
});
