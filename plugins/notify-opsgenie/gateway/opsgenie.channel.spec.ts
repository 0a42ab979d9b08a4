import type { NotificationMessage, ResolvedConnection } from '@contracts';
import { connectionTarget, urlTarget } from '../../../test/support/channel-context';
import { OpsgenieChannel, opsgenieAlert, opsgenieRoute } from './opsgenie.channel';

const KEY = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
const channel = new OpsgenieChannel();
const url = (u: string, properties: Record<string, string> = {}) => urlTarget(u, properties);
const connection = (c: Partial<ResolvedConnection>, properties: Record<string, string> = {}) =>
  connectionTarget({ name: 'og', type: 'opsgenie', id: 'c1', ...c }, properties);
const message = (m: Partial<NotificationMessage> = {}): NotificationMessage => ({
  title: 'Check api failed',
  body: '**api** is unhealthy',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: { team: 'payments' },
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
  ...m,
});

describe('opsgenie channel: targets', () => {
  it('reads opsgenie://key (api.opsgenie.com) and opsgenie://host/key', () => {
    expect(opsgenieRoute(url(`opsgenie://${KEY}`))).toEqual({ base: 'https://api.opsgenie.com', key: KEY });
    expect(opsgenieRoute(url(`opsgenie://api.eu.opsgenie.com/${KEY}`))).toEqual({ base: 'https://api.eu.opsgenie.com', key: KEY });
    expect(opsgenieRoute(url(`opsgenie://127.0.0.1:8080/${KEY}?scheme=http`))).toEqual({ base: 'http://127.0.0.1:8080', key: KEY });
    expect(opsgenieRoute(url(`opsgenie://proxy.example/og/${KEY}`))).toEqual({ base: 'https://proxy.example/og', key: KEY });
  });

  it('takes a connection: key = password, url = the API address', () => {
    expect(opsgenieRoute(connection({ password: KEY, url: 'https://api.eu.opsgenie.com/' }))).toEqual({ base: 'https://api.eu.opsgenie.com', key: KEY });
    // Without a url: Opsgenie's own address (NotificationChannel.defaultUrl, where the engine binds the key).
    expect(opsgenieRoute(connection({ password: KEY }))).toEqual({ base: channel.defaultUrl, key: KEY });
    expect(channel.validate(connection({}))).toEqual(["connection: 'og' has no API key (its password)"]);
    expect(channel.validate(connection({ password: 'abc', url: 'https://api.opsgenie.com' }))).toEqual([
      "connection: the API key of 'og' must be an Opsgenie key (a UUID)",
    ]);
  });

  it('names each problem, the priority property included', () => {
    expect(channel.validate(url('opsgenie://api.opsgenie.com/not-a-key'))).toEqual([
      "url: the API key must be an Opsgenie key (a UUID such as 0f3e…-…); it is the URL's last part",
    ]);
    expect(channel.validate(url(`opsgenie://${KEY}?priority=P1`))).toEqual(["url: unknown parameter 'priority' (known: scheme)"]);
    expect(channel.validate(url(`opsgenie://bad host/${KEY}`))).toEqual(["url: host 'bad host' is not a host[:port]"]);
    expect(channel.validate(url(`opsgenie://${KEY}`, { priority: 'urgent' }))).toEqual(["properties.priority: 'urgent' is not one of P1, P2, P3, P4, P5"]);
    expect(channel.validate({ url: null, connection: null, properties: {} })).toEqual([
      'url: required (opsgenie://api-key or opsgenie://api.eu.opsgenie.com/api-key), or an opsgenie connection',
    ]);
    expect(channel.validate(url(`opsgenie://${KEY}`, { priority: 'P2' }))).toEqual([]);
  });
});

describe('opsgenie channel: the alert', () => {
  it('is message (title), alias (the group key), description (body), priority, tags, details and source', () => {
    expect(opsgenieAlert(message(), { priority: 'P2', tags: 'db, prod' })).toEqual({
      message: 'Check api failed',
      alias: 'rule-1:r1',
      description: '**api** is unhealthy',
      priority: 'P2',
      tags: ['db', 'prod', 'check.failed'],
      details: {
        event: 'check.failed',
        resource_type: 'check',
        resource_id: 'r1',
        health: 'unhealthy',
        status: 'unhealthy',
        url: 'https://console.example/health?checkId=r1',
        team: 'payments',
      },
      entity: 'api',
      source: 'ops-console',
    });
  });

  it('defaults to P3, and keeps within the API limits', () => {
    const alert = opsgenieAlert(message({ title: 't'.repeat(300), body: 'b'.repeat(20000), resource: null, count: 3 }), { priority: 'P9' });
    expect(alert.priority).toBe('P3');
    expect(alert.message).toHaveLength(130);
    expect(alert.description).toHaveLength(15000);
    expect(alert).not.toHaveProperty('entity');
    expect(alert.details).toMatchObject({ count: '3' });
  });
});
