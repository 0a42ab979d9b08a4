import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, urlTarget } from '../../../test/support/channel-context';
import { startOpsgeniePeer, type OpsgeniePeer } from '../../../test/support/peers/opsgenie-peer';
import { OpsgenieChannel } from './opsgenie.channel';

const KEY = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';

const failing: NotificationMessage = {
  title: 'Check api failed',
  body: '**api** is unhealthy',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: { priority: 'P1' },
  groupKey: 'rule-1:check/r1',
  resolved: false,
  count: 1,
};

describe('opsgenie channel against an Alert API peer', () => {
  let peer: OpsgeniePeer;
  let host: string;
  const opsgenie = new OpsgenieChannel();
  const send = (message: NotificationMessage, target: ChannelTarget, ctxs = channelContexts()) =>
    opsgenie.send(message, target, ctxs.create({ connection: target.connection }));

  beforeAll(async () => {
    peer = await startOpsgeniePeer(KEY);
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it('creates one alert per group key (repeats de-duplicate), keeps the request id, and closes it when resolved', async () => {
    const target = urlTarget(`opsgenie://${host}/${KEY}?scheme=http`);
    const receipt = await send(failing, target);
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(peer.requests.at(-1)!.headers.authorization).toBe(`GenieKey ${KEY}`);
    await send({ ...failing, count: 2 }, target);
    const alert = peer.alerts.find((a) => a.alias === 'rule-1:check/r1')!;
    expect(alert).toMatchObject({ message: 'Check api failed', priority: 'P1', status: 'open', count: 2, entity: 'api', source: 'ops-console' });
    await send({ ...failing, title: 'Check api passed', event: 'check.passed', resolved: true }, target);
    expect(peer.requests.at(-1)!.path).toBe('/v2/alerts/rule-1%3Acheck%2Fr1/close');
    expect(peer.requests.at(-1)!.query).toEqual({ identifierType: 'alias' });
    expect(alert.status).toBe('closed');
  });

  it("answers Opsgenie's message for a wrong key (401), not retried, the key never in the error", async () => {
    const other = '00000000-1111-2222-3333-444444444444';
    const wrong = await failure(send(failing, urlTarget(`opsgenie://${host}/${other}?scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual(['Opsgenie answered HTTP 401: Could not authenticate', false]);
    expect(wrong!.message).not.toContain(other);
  });

  it('does not retry a 422 with its errors; retries 429 and 5xx', async () => {
    peer.failNext(422, { message: 'Request body is not processable. Please check the errors.', errors: { message: 'Message can not be empty.' }, took: 0 });
    const invalid = await failure(send(failing, urlTarget(`opsgenie://${host}/${KEY}?scheme=http`)));
    expect([invalid!.message, invalid!.retryable]).toEqual([
      'Opsgenie answered HTTP 422: Request body is not processable. Please check the errors. (message: Message can not be empty.)',
      false,
    ]);
    peer.failNext(429, { message: 'You are making too many requests! To avoid errors, we recommend you limit requests.', took: 0 });
    expect(await failure(send(failing, urlTarget(`opsgenie://${host}/${KEY}?scheme=http`)))).toMatchObject({ retryable: true });
    peer.failNext(503, { message: 'Service Unavailable' });
    expect(await failure(send(failing, urlTarget(`opsgenie://${host}/${KEY}?scheme=http`)))).toMatchObject({
      message: 'Opsgenie answered HTTP 503: Service Unavailable',
      retryable: true,
    });
  });

  it("sends with a connection's key to the connection's URL", async () => {
    const connection: ResolvedConnection = {
      id: 'c',
      name: 'og',
      type: 'opsgenie',
      url: peer.url,
      username: null,
      password: KEY,
      certificate: null,
      insecure_tls: false,
      properties: {},
    };
    await send({ ...failing, groupKey: 'rule-2:r9' }, { url: null, connection, properties: {} });
    expect(peer.alerts.find((a) => a.alias === 'rule-2:r9')).toMatchObject({ status: 'open' });
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(
      send(failing, urlTarget(`opsgenie://${host}/${KEY}?scheme=http`), channelContexts({ listenPort: Number(host.split(':')[1]) })),
    );
    expect([denied!.message, denied!.retryable]).toEqual([
      `${host} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
