import type { ChannelHttpResponse } from '@contracts';
import { OutboundRefused } from '../outbound/address-policy';
import { OutboundError } from '../outbound/outbound-http';
import { channelContexts, failure, resolvedConnection } from '../../../../test/support/channel-context';
import { answerError, channelCall, overrideBase, refusalError, retryAfterMs, scrub, withDefaultUrl } from './channel-kit';
import { ChannelError } from './channels';

const answer = (status: number, body = '', headers: Record<string, string> = {}): ChannelHttpResponse => ({ status, body, headers });
const throwing = (error: unknown) => ({ http: () => Promise.reject(error) });

describe('channelCall', () => {
  it("answers the peer's response as it is, whatever its status", async () => {
    const res = answer(500, 'down');
    await expect(channelCall({ http: () => Promise.resolve(res) }, 'https://example.com/x', {}, 'Example')).resolves.toBe(res);
  });

  it('makes a refusal of the address policy or the credential binding a final ChannelError', async () => {
    const refused = await failure(channelCall(throwing(new OutboundRefused('127.0.0.1:80 is not reachable from notifications')), 'http://127.0.0.1/', {}, 'X'));
    expect(refused).toBeInstanceOf(ChannelError);
    expect([refused.message, refused.retryable]).toEqual(['127.0.0.1:80 is not reachable from notifications', false]);
  });

  it('retries a name that did not resolve, and a call nothing answered, saying who could not be reached', async () => {
    const unresolved = await failure(
      channelCall(throwing(new OutboundRefused('nowhere.invalid could not be resolved: ENOTFOUND')), 'https://nowhere.invalid/', {}, 'X'),
    );
    expect(unresolved.retryable).toBe(true);
    const silent = await failure(
      channelCall(throwing(new OutboundError('127.0.0.1:9 did not answer within 5 s', 'TIMEOUT')), 'http://127.0.0.1:9/hook', {}, 'the webhook'),
    );
    expect([silent.message, silent.retryable, silent.retryAfterMs]).toEqual([
      'could not reach the webhook at 127.0.0.1:9: 127.0.0.1:9 did not answer within 5 s',
      true,
      undefined,
    ]);
  });

  it('masks the secrets it is given in what it says', async () => {
    const token = '123456:AAbbCCddEE';
    const error = await failure(
      channelCall(throwing(new Error(`connect ECONNREFUSED for /bot${token}/sendMessage`)), 'http://127.0.0.1:9/', {}, 'Telegram', [token]),
    );
    expect(error.message).toBe('could not reach Telegram at 127.0.0.1:9: connect ECONNREFUSED for /bot***/sendMessage');
  });
});

describe('answerError', () => {
  it('says the status and the first 300 characters of the body; retries 408, 429 and 5xx only', () => {
    const long = 'x'.repeat(1000);
    expect(answerError('Example', answer(500, ` ${long} `)).message).toBe(`Example answered HTTP 500: ${'x'.repeat(300)}`);
    expect(answerError('Example', answer(502)).message).toBe('Example answered HTTP 502');
    const retried = [400, 401, 403, 404, 408, 409, 422, 429, 500, 503].filter((status) => answerError('X', answer(status)).retryable);
    expect(retried).toEqual([408, 429, 500, 503]);
  });

  it("says the service's own error instead of the body when the channel read one, with secrets masked", () => {
    const error = answerError('Opsgenie', answer(422, '{"message":"bad"}'), { said: 'bad key 6f1c2a9e', secrets: ['6f1c2a9e'] });
    expect([error.message, error.retryable]).toEqual(['Opsgenie answered HTTP 422: bad key ***', false]);
  });

  it('names a redirect it did not follow', () => {
    expect(answerError('the webhook', answer(302, '', { location: 'https://elsewhere.example/' })).message).toBe(
      'the webhook answered HTTP 302 (a redirect to https://elsewhere.example/, not followed)',
    );
  });

  it("keeps the Retry-After of a retried answer, or the channel's own figure, and none for a final one", () => {
    expect(answerError('ntfy', answer(429, 'slow down', { 'retry-after': '12' })).retryAfterMs).toBe(12_000);
    expect(answerError('X', answer(503, '', { 'retry-after': '2' }), { retryAfterMs: 7000 }).retryAfterMs).toBe(7000);
    expect(answerError('X', answer(500)).retryAfterMs).toBeUndefined();
    expect(answerError('X', answer(400, '', { 'retry-after': '12' })).retryAfterMs).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2024-11-20T10:00:00Z');

  it('reads delay-seconds, an HTTP date and a number of seconds from a body', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
    expect(retryAfterMs('Wed, 20 Nov 2024 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs(2.5, now)).toBe(2500);
  });

  it('is never negative, and undefined for what says nothing usable', () => {
    expect(retryAfterMs('Wed, 20 Nov 2024 09:00:00 GMT', now)).toBe(0);
    expect([retryAfterMs(undefined), retryAfterMs(null), retryAfterMs(''), retryAfterMs('soon'), retryAfterMs(-3), retryAfterMs(Number.NaN)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('refusalError', () => {
  it('is final for a refusal, retried for anything else', () => {
    expect(refusalError(new OutboundRefused('no')).retryable).toBe(false);
    expect(refusalError(new Error('socket hang up')).retryable).toBe(true);
  });
});

describe('overrideBase', () => {
  it("is the service's address unless the URL names another scheme or host, whose problems it names", () => {
    const problems: string[] = [];
    expect(overrideBase('https://api.telegram.org', null, null, problems)).toBe('https://api.telegram.org');
    expect(overrideBase('https://api.telegram.org', 'http', null, problems)).toBe('http://api.telegram.org');
    expect(overrideBase('https://api.telegram.org', 'http', '127.0.0.1:8080', problems)).toBe('http://127.0.0.1:8080');
    expect(problems).toEqual([]);
    overrideBase('https://slack.com', 'ftp', 'a/b', problems);
    expect(problems).toEqual(["url: scheme must be https or http, not 'ftp'", "url: host 'a/b' is not a host[:port]"]);
  });
});

describe('scrub', () => {
  it('masks each secret, and leaves text alone for an empty or very short one', () => {
    expect(scrub('key abcd and abcd', ['abcd', '', 'x'])).toBe('key *** and ***');
  });
});

describe("a connection without a URL and the channel's default address", () => {
  const bot = resolvedConnection({ type: 'slack', name: 'slack-bot', password: 'xoxb-1-secret', properties: { channel: 'ops' } });

  it('gets the default as its url; one with a url keeps it', () => {
    expect(withDefaultUrl(bot, 'https://slack.com')).toEqual({ ...bot, url: 'https://slack.com' });
    expect(withDefaultUrl({ ...bot, url: 'http://127.0.0.1:9000' }, 'https://slack.com').url).toBe('http://127.0.0.1:9000');
    expect(withDefaultUrl(bot, undefined)).toBe(bot);
    expect(withDefaultUrl(null, 'https://slack.com')).toBeNull();
  });

  it('has its secret bound to the default by the context: sent there, refused elsewhere and without a default', async () => {
    const send = (ctx: ReturnType<ReturnType<typeof channelContexts>['create']>, url: string) =>
      ctx.guard.check(url, { headers: { Authorization: `Bearer ${bot.password}` } });
    const withDefault = channelContexts().create({ connection: bot, defaultUrl: 'https://slack.com' });
    // The policy resolves the name, so the allowed case is checked through the ledger alone.
    expect(() => withDefault.ledger.assertMaySend({ protocol: 'https:', host: 'slack.com', port: 443 }, `Bearer ${bot.password}`)).not.toThrow();
    await expect(send(withDefault, 'https://evil.example/api')).rejects.toThrow(
      "the credential from connection 'slack-bot' may only be sent to https://slack.com:443, not https://evil.example:443",
    );
    const without = channelContexts().create({ connection: bot });
    await expect(send(without, 'https://slack.com/api')).rejects.toThrow(
      "the credential from connection 'slack-bot' may not be sent anywhere: the connection has no URL",
    );
    // The connection's own url wins over the default.
    const own = channelContexts().create({ connection: { ...bot, url: 'http://127.0.0.1:9000' }, defaultUrl: 'https://slack.com' });
    await expect(send(own, 'https://slack.com/api')).rejects.toThrow('may only be sent to http://127.0.0.1:9000, not https://slack.com:443');
  });
});
