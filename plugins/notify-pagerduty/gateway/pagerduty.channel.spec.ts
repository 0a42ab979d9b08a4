import type { NotificationMessage, ResolvedConnection } from '@contracts';
import { connectionTarget, urlTarget } from '../../../test/support/channel-context';
import { PagerDutyChannel, pagerDutyEvent, pagerDutyRoute } from './pagerduty.channel';

const KEY = 'R0123456789abcdefABCDEF012345678';
const channel = new PagerDutyChannel();
const url = (u: string, properties: Record<string, string> = {}) => urlTarget(u, properties);
const connection = (c: Partial<ResolvedConnection>, properties: Record<string, string> = {}) =>
  connectionTarget({ name: 'pd', type: 'pagerduty', id: 'c1', ...c }, properties);
const message = (m: Partial<NotificationMessage> = {}): NotificationMessage => ({
  title: 'Config db-1 is unhealthy',
  body: '**db-1** is unhealthy',
  event: 'config.unhealthy',
  resource: { id: 'r1', type: 'config', name: 'db-1', health: 'unhealthy', status: null },
  url: 'https://console.example/catalog/r1',
  properties: { team: 'data' },
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
  ...m,
});

describe('pagerduty channel: targets', () => {
  it('reads pagerduty://key (events.pagerduty.com) and pagerduty://host/key', () => {
    expect(pagerDutyRoute(url(`pagerduty://${KEY}`))).toEqual({ endpoint: 'https://events.pagerduty.com/v2/enqueue', key: KEY });
    expect(pagerDutyRoute(url(`pagerduty://events.eu.pagerduty.com/${KEY}`))).toEqual({ endpoint: 'https://events.eu.pagerduty.com/v2/enqueue', key: KEY });
    expect(pagerDutyRoute(url(`pagerduty://127.0.0.1:9000/${KEY}?scheme=http`))).toEqual({ endpoint: 'http://127.0.0.1:9000/v2/enqueue', key: KEY });
  });

  it('takes a connection: key = password, url = the Events API address', () => {
    expect(pagerDutyRoute(connection({ password: KEY, url: 'https://events.pagerduty.com' }))).toEqual({
      endpoint: 'https://events.pagerduty.com/v2/enqueue',
      key: KEY,
    });
    // Without a url: PagerDuty's own address (NotificationChannel.defaultUrl, where the engine binds the key).
    expect(pagerDutyRoute(connection({ password: KEY }))).toEqual({ endpoint: `${channel.defaultUrl}/v2/enqueue`, key: KEY });
    expect(channel.validate(connection({ password: 'short' }))).toEqual([
      "connection: the integration key of 'pd' must be the 32 characters of an Events API v2 integration",
    ]);
  });

  it('names each problem, the severity property included', () => {
    expect(channel.validate(url('pagerduty://events.pagerduty.com/abc'))).toEqual([
      "url: the integration key must be the 32 characters of an Events API v2 integration; it is the URL's last part",
    ]);
    expect(channel.validate(url(`pagerduty://${KEY}?severity=critical`))).toEqual(["url: unknown parameter 'severity' (known: scheme)"]);
    expect(channel.validate(url('pagerduty://a/b/c'))).toEqual([
      'url: not a pagerduty:// URL (pagerduty://integration-key or pagerduty://host/integration-key)',
    ]);
    expect(channel.validate(url(`pagerduty://${KEY}`, { severity: 'high' }))).toEqual([
      "properties.severity: 'high' is not one of critical, error, warning, info",
    ]);
    expect(channel.validate({ url: null, connection: null, properties: {} })).toEqual([
      'url: required (pagerduty://integration-key or pagerduty://host/integration-key), or a pagerduty connection',
    ]);
    expect(channel.validate(url(`pagerduty://${KEY}`, { severity: 'warning' }))).toEqual([]);
  });
});

describe('pagerduty channel: the event', () => {
  it('triggers with the summary, source, severity, details and a link back; dedup_key = the group key', () => {
    expect(pagerDutyEvent(message(), KEY, { severity: 'critical' })).toEqual({
      routing_key: KEY,
      event_action: 'trigger',
      dedup_key: 'rule-1:r1',
      payload: {
        summary: 'Config db-1 is unhealthy',
        source: 'db-1',
        severity: 'critical',
        class: 'config.unhealthy',
        component: 'db-1',
        group: 'config',
        custom_details: {
          body: '**db-1** is unhealthy',
          url: 'https://console.example/catalog/r1',
          event: 'config.unhealthy',
          resource_type: 'config',
          resource_id: 'r1',
          health: 'unhealthy',
          team: 'data',
        },
      },
      client: 'ops-console',
      client_url: 'https://console.example/catalog/r1',
      links: [{ href: 'https://console.example/catalog/r1', text: 'Open in console' }],
    });
  });

  it('resolves by dedup_key when the resource recovered', () => {
    expect(pagerDutyEvent(message({ resolved: true }), KEY, {})).toEqual({ routing_key: KEY, event_action: 'resolve', dedup_key: 'rule-1:r1' });
  });

  it('defaults to severity error, cuts the summary to 1024, and leaves out a relative link', () => {
    const event = pagerDutyEvent(message({ title: 's'.repeat(2000), url: '/catalog/r1', resource: null }), KEY, { severity: 'bad' }) as {
      payload: { summary: string; severity: string; source: string };
    };
    expect(event.payload).toMatchObject({ severity: 'error', source: 'ops-console' });
    expect(event.payload.summary).toHaveLength(1024);
    expect(event).not.toHaveProperty('links');
  });
});
