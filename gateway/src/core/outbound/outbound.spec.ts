import { AddressPolicy, CredentialLedger, OutboundRefused, RunGuard, redactUrlPasswords } from '.';

const policy = (allow: string[] = []) => new AddressPolicy({ listenPort: 8080, database: { host: '127.0.0.1', port: 5432 }, allow });
const target = (host: string, port: number, protocol = 'http:') => ({ protocol, host, port });

describe('outbound address policy', () => {
  it('refuses cloud metadata in every spelling', async () => {
    for (const host of ['169.254.169.254', '::ffff:169.254.169.254', '[fd00:ec2::254]']) {
      await expect(policy().check(target(host, 80))).rejects.toThrow(/cloud metadata/);
    }
  });

  it("refuses this console's listener and its database on any local address, names included", async () => {
    await expect(policy().check(target('127.0.0.1', 8080))).rejects.toThrow(/is not reachable from checks: it is this console\./);
    await expect(policy().check(target('localhost', 8080))).rejects.toThrow(OutboundRefused);
    await expect(policy().check(target('0.0.0.0', 8080))).rejects.toThrow(OutboundRefused);
    await expect(policy().check(target('127.0.0.2', 5432, 'postgres:'))).rejects.toThrow(/this console's database/);
  });

  it('lets other ports and hosts through, and the allow-list open a denied one', async () => {
    await expect(policy().check(target('127.0.0.1', 8081))).resolves.toEqual(['127.0.0.1']);
    await expect(policy(['127.0.0.1:5432']).check(target('127.0.0.1', 5432))).resolves.toEqual(['127.0.0.1']);
    await expect(policy(['127.0.0.0/8']).check(target('127.0.0.1', 8080))).resolves.toBeTruthy();
    await expect(policy(['localhost']).check(target('localhost', 8080))).resolves.toBeTruthy();
    await expect(policy(['127.0.0.1:9999']).check(target('127.0.0.1', 5432))).rejects.toThrow(OutboundRefused);
  });

  it('says when a name does not resolve', async () => {
    await expect(policy().check(target('no-such-host.invalid', 80))).rejects.toThrow(/could not be resolved/);
  });
});

describe('credential ledger', () => {
  const connection = { name: 'billing-api', url: 'https://api.billing.test/v1' };

  it('sends a stored credential only to its connection’s origin', () => {
    const ledger = new CredentialLedger();
    ledger.record('pa$$word-1', connection);
    expect(() => ledger.assertMaySend(target('api.billing.test', 443, 'https:'), { headers: { 'x-key': 'pa$$word-1' } })).not.toThrow();
    expect(() => ledger.assertMaySend(target('evil.test', 443, 'https:'), { headers: { 'x-key': 'pa$$word-1' } })).toThrow(
      "the credential from connection 'billing-api' may only be sent to https://api.billing.test:443, not https://evil.test:443",
    );
    // a downgrade to plain http is another origin too
    expect(() => ledger.assertMaySend(target('api.billing.test', 80, 'http:'), 'pa$$word-1')).toThrow(OutboundRefused);
    // inside a Basic authorization header, or URL-encoded
    const basic = `Basic ${Buffer.from('me:pa$$word-1').toString('base64')}`;
    expect(() => ledger.assertMaySend(target('evil.test', 443, 'https:'), { authorization: basic })).toThrow(OutboundRefused);
    expect(() => ledger.assertMaySend(target('evil.test', 443, 'https:'), `https://me:${encodeURIComponent('pa$$word-1')}@evil.test`)).toThrow(OutboundRefused);
    expect(() => ledger.assertMaySend(target('evil.test', 443, 'https:'), { nothing: 'secret here' })).not.toThrow();
  });

  it('finds a credential as it travels, whatever JSON would make of it: quotes, backslashes, keys, URLs, buffers', () => {
    const ledger = new CredentialLedger();
    const secret = 'p"a\\ss\nword';
    ledger.record(secret, { name: 'db', url: 'postgres://db.internal:5432/app' });
    const elsewhere = target('evil.example', 5432, 'postgres:');
    for (const sending of [
      { headers: { 'X-Key': secret } },
      { [secret]: 1 },
      [[[secret]]],
      Buffer.from(`pw=${secret}`),
      new URL(`postgres://u:${encodeURIComponent(secret)}@evil.example/app`),
    ]) {
      expect(() => ledger.assertMaySend(elsewhere, sending)).toThrow(OutboundRefused);
    }
    expect(() => ledger.assertMaySend(target('db.internal', 5432, 'postgres:'), { password: secret })).not.toThrow();
  });

  it('redacts a value nested past the depth limit whole instead of overflowing the stack', () => {
    const ledger = new CredentialLedger();
    ledger.record('Hunter22', { name: 'x', url: null });
    let deep: unknown = ['Hunter22'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(JSON.stringify(ledger.redact({ a: deep })).length).toBeLessThan(1000);
  });

  it('binds a credential of a connection without a URL to nowhere', () => {
    const ledger = new CredentialLedger();
    ledger.record('token-xyz', { name: 'bare', url: null });
    expect(() => ledger.assertMaySend(target('a.test', 443, 'https:'), 'token-xyz')).toThrow(/may not be sent anywhere/);
  });

  it('redacts every recorded credential and URL passwords, deeply', () => {
    const ledger = new CredentialLedger();
    ledger.record('s3cr3t-value', connection);
    ledger.record('abc', connection); // too short to bind or redact without mangling ordinary text
    expect(ledger.redact({ message: 'got s3cr3t-value back', details: { list: ['x s3cr3t-value'], n: 1, url: 'postgres://u:pw@h/db' } })).toEqual({
      message: 'got *** back',
      details: { list: ['x ***'], n: 1, url: 'postgres://u:***@h/db' },
    });
    expect(redactUrlPasswords('redis://:hunter2@cache:6379 and https://x.test/a@b')).toBe('redis://:***@cache:6379 and https://x.test/a@b');
  });
});

describe('run guard', () => {
  it('applies the credential binding before the address policy', async () => {
    const guard = new RunGuard(policy());
    guard.ledger.record('the-password', { name: 'db', url: 'postgres://db.test:5432/app' });
    await expect(guard.check('http://127.0.0.1:8081/collect', { body: 'the-password' })).rejects.toThrow(/may only be sent to postgres:\/\/db\.test:5432/);
    await expect(guard.check('http://127.0.0.1:8081/collect', { body: 'nothing' })).resolves.toEqual(['127.0.0.1']);
    await expect(guard.check('http://127.0.0.1:8080/api/db/people')).rejects.toThrow(/this console/);
  });
});
