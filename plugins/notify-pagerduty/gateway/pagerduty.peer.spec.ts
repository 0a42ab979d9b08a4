import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, urlTarget } from '../../../test/support/channel-context';
import { startPagerDutyPeer, type PagerDutyPeer } from '../../../test/support/peers/pagerduty-peer';
import { PagerDutyChannel } from './pagerduty.channel';

const KEY = 'R0123456789abcdefABCDEF012345678';

const failing: NotificationMessage = {
  title: 'Check api failed',
  body: '**api** is unhealthy',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: { severity: 'critical' },
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
};

describe('pagerduty channel against an Events API v2 peer', () => {
  let peer: PagerDutyPeer;
  let host: string;
  const pagerduty = new PagerDutyChannel();
  const send = (message: NotificationMessage, target: ChannelTarget, ctxs = channelContexts()) =>
    pagerduty.send(message, target, ctxs.create({ connection: target.connection }));

  beforeAll(async () => {
    peer = await startPagerDutyPeer(KEY);
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it('triggers one alert per group key (repeats join it), answers the dedup_key, and resolves it', async () => {
    const target = urlTarget(`pagerduty://${host}/${KEY}?scheme=http`);
    expect(await send(failing, target)).toEqual({ id: 'rule-1:r1' });
    await send(failing, target);
    const alert = peer.alerts.find((a) => a.dedup_key === 'rule-1:r1')!;
    expect(alert).toMatchObject({ status: 'triggered', triggers: 2, payload: { summary: 'Check api failed', source: 'api', severity: 'critical' } });
    expect(alert.links).toEqual([{ href: 'https://console.example/health?checkId=r1', text: 'Open in console' }]);
    await send({ ...failing, resolved: true, event: 'check.passed' }, target);
    expect(alert.status).toBe('resolved');
  });

  it("does not retry PagerDuty's 400 invalid event (a wrong integration key), and says its errors", async () => {
    const other = 'X0123456789abcdefABCDEF012345678';
    const wrong = await failure(send(failing, urlTarget(`pagerduty://${host}/${other}?scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual(['PagerDuty answered HTTP 400: Event object is invalid: Invalid routing key', false]);
    expect(wrong!.message).not.toContain(other);
  });

  it('retries 429 and 5xx', async () => {
    peer.failNext(429, { status: 'throttle event', message: 'Requests for this service are arriving too quickly.  Please retry later.' });
    expect(await failure(send(failing, urlTarget(`pagerduty://${host}/${KEY}?scheme=http`)))).toMatchObject({
      message: 'PagerDuty answered HTTP 429: Requests for this service are arriving too quickly.  Please retry later.',
      retryable: true,
    });
    peer.failNext(500, 'Internal Server Error');
    expect(await failure(send(failing, urlTarget(`pagerduty://${host}/${KEY}?scheme=http`)))).toMatchObject({
      message: 'PagerDuty answered HTTP 500: Internal Server Error',
      retryable: true,
    });
  });

  it("sends with a connection's key to the connection's URL", async () => {
    const connection: ResolvedConnection = {
      id: 'c',
      name: 'pd',
      type: 'pagerduty',
      url: peer.url,
      username: null,
      password: KEY,
      certificate: null,
      insecure_tls: false,
      properties: {},
    };
    await send({ ...failing, groupKey: 'rule-2:r9' }, { url: null, connection, properties: { severity: 'warning' } });
    expect(peer.alerts.find((a) => a.dedup_key === 'rule-2:r9')).toMatchObject({ status: 'triggered', payload: { severity: 'warning' } });
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(
      send(failing, urlTarget(`pagerduty://${host}/${KEY}?scheme=http`), channelContexts({ listenPort: Number(host.split(':')[1]) })),
    );
    expect([denied!.message, denied!.retryable]).toEqual([
      `${host} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
