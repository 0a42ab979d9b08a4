import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { startDnsPeer } from '../test/dns-peer';
import { DnsCheckRunner } from './dns.runner';

const context = (timeoutMs = 2000): CheckRunContext => checkContext(timeoutMs);

describe('dns check', () => {
  const runner = new DnsCheckRunner();
  let peer: Awaited<ReturnType<typeof startDnsPeer>>;
  const on = (spec: Record<string, unknown>) => ({ name: 'd', server: '127.0.0.1', port: peer.port, ...spec });

  beforeAll(async () => {
    peer = await startDnsPeer(
      {
        'web.test': [
          { type: 'A', address: '10.0.0.1' },
          { type: 'A', address: '10.0.0.2' },
          { type: 'TXT', text: ['v=spf1 ', '-all'] },
        ],
        'mail.test': [
          { type: 'MX', preference: 10, exchange: 'mx1.mail.test' },
          { type: 'MX', preference: 20, exchange: 'mx2.mail.test' },
        ],
        'www.test': [{ type: 'CNAME', name: 'web.test' }],
        '_api._tcp.test': [{ type: 'SRV', priority: 1, weight: 5, port: 8443, target: 'api.test' }],
        test: [{ type: 'NS', name: 'ns1.test' }],
        '1.0.0.10.in-addr.arpa': [{ type: 'PTR', name: 'web.test' }],
      },
      ['slow.test'],
    );
  });
  afterAll(() => peer?.stop());

  it('passes on A records from the given server and port', async () => {
    const r = await runner.run(on({ query: 'web.test', querytype: 'A', minrecords: 2 }), context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null });
    expect((r.details.records as string[]).sort()).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('fails with fewer records than minrecords', async () => {
    const r = await runner.run(on({ query: 'web.test', minrecords: 3 }), context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'got 2 records, fewer than 3' });
  });

  it('compares exactreply regardless of order', async () => {
    expect((await runner.run(on({ query: 'web.test', exactreply: ['10.0.0.2', '10.0.0.1'] }), context())).pass).toBe(true);
    const r = await runner.run(on({ query: 'web.test', exactreply: ['10.0.0.1'] }), context());
    expect(r.pass).toBe(false);
    expect(r.message).toBe('got [10.0.0.1, 10.0.0.2], expected [10.0.0.1]');
  });

  it('answers TXT, MX, CNAME, SRV, NS and PTR', async () => {
    const cases: [string, string, string[]][] = [
      ['TXT', 'web.test', ['v=spf1 -all']],
      ['MX', 'mail.test', ['mx1.mail.test 10', 'mx2.mail.test 20']],
      ['CNAME', 'www.test', ['web.test']],
      ['SRV', '_api._tcp.test', ['api.test 8443 1 5']],
      ['NS', 'test', ['ns1.test']],
      ['PTR', '10.0.0.1', ['web.test']],
    ];
    for (const [querytype, query, exactreply] of cases) {
      const r = await runner.run(on({ query, querytype, exactreply }), context());
      expect({ querytype, pass: r.pass, message: r.message }).toEqual({ querytype, pass: true, message: `${exactreply.length} ${querytype} records` });
    }
  });

  it('fails on an unknown name', async () => {
    const r = await runner.run(on({ query: 'nope.test' }), context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'A nope.test: ENOTFOUND' });
  });

  it('returns within the timeout when the server never answers', async () => {
    const started = Date.now();
    const r = await runner.run(on({ query: 'slow.test' }), context(300));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/timed out after 300ms|ETIMEOUT|ECANCELLED/);
  });

  it('names the field when invalid', () => {
    expect(runner.validate({ name: 'd' })).toEqual(['query: required']);
    expect(runner.validate({ name: 'd', query: 'a', querytype: 'AAAAX', server: 'dns.example' })).toEqual([
      'server: must be an IP address',
      'querytype: must be one of A, CNAME, SRV, MX, PTR, TXT, NS',
    ]);
  });
});

describe('dns check registration', () => {
  it("contributes to the 'checks' extension point as 'dns'", () => {
    expect(extensionsOf(DnsCheckRunner)).toEqual([{ point: 'checks', id: 'dns' }]);
    expect(new DnsCheckRunner().type).toBe('dns');
  });
});
