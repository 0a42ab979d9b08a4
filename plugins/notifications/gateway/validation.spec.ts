import { NOTIFICATION_EVENTS } from '@contracts';
import {
  commaList,
  customServiceShape,
  dateTime,
  durationMs,
  eventsCovered,
  eventsProblems,
  MAX_EVENTS,
  MAX_PROBLEMS,
  optionalText,
  optionalUuid,
  pageOf,
  refuse,
  repeatIntervalProblem,
  stringMapProblems,
  waitForProblem,
} from './validation';

describe('notification validation', () => {
  describe('durations', () => {
    it('reads repeat intervals as written, m being minutes', () => {
      expect(durationMs('1h')).toBe(3_600_000);
      expect(durationMs('30m')).toBe(1_800_000);
      expect(durationMs('1m')).toBe(60_000);
      expect(durationMs('1d')).toBe(86_400_000);
      expect(durationMs('1w')).toBe(604_800_000);
      expect(durationMs('1h30m')).toBe(5_400_000);
      expect(durationMs(' 2h ')).toBe(7_200_000);
      for (const bad of ['', 'h', '1', '1x', '1.5h', '-1h', '1h 30m', '1M']) expect(durationMs(bad)).toBeNull();
    });

    it('accepts the repeat interval options and refuses what is shorter than a minute or not a duration', () => {
      for (const ok of ['1h', '2h', '3h', '6h', '1d', '1w', '1m', '90s', null, undefined, '']) expect(repeatIntervalProblem(ok)).toBeNull();
      expect(repeatIntervalProblem('59s')).toBe('repeat_interval: Duration must be greater than 1 minute');
      expect(repeatIntervalProblem('0m')).toBe('repeat_interval: Duration must be greater than 1 minute');
      expect(repeatIntervalProblem('soon')).toBe("repeat_interval: 'soon' is not a duration (such as 1h, 30m, 1d or 1w)");
      expect(repeatIntervalProblem(3600)).toBe('repeat_interval: must be a duration such as 1h, 30m, 1d or 1w');
    });

    it('takes wait_for as whole nanoseconds of at least a minute', () => {
      expect(waitForProblem(null)).toBeNull();
      expect(waitForProblem(undefined)).toBeNull();
      expect(waitForProblem(60_000_000_000)).toBeNull();
      expect(waitForProblem(300_000_000_000)).toBeNull();
      expect(waitForProblem(59_999_999_999)).toBe('wait_for: Duration must be greater than 1 minute');
      expect(waitForProblem(0)).toBe('wait_for: Duration must be greater than 1 minute');
      expect(waitForProblem('5m')).toBe('wait_for: must be a whole number of nanoseconds');
      expect(waitForProblem(60_000_000_000.5)).toBe('wait_for: must be a whole number of nanoseconds');
    });
  });

  describe('events', () => {
    it('requires at least one known event and drops repeats', () => {
      expect(eventsProblems(undefined).problems).toEqual(['events: Events are required']);
      expect(eventsProblems([]).problems).toEqual(['events: Events are required']);
      expect(eventsProblems('check.failed').problems).toEqual(['events: must be a list of event names']);
      const { events, problems } = eventsProblems(['check.failed', 'check.failed', 'config.unhealthy']);
      expect(problems).toEqual([]);
      expect(events).toEqual(['check.failed', 'config.unhealthy']);
    });

    it('names the position of an unknown event and lists the known ones', () => {
      const { problems } = eventsProblems(['check.failed', 'check.exploded', 7]);
      expect(problems).toEqual([
        `events[1]: unknown event 'check.exploded' (known: ${NOTIFICATION_EVENTS.join(', ')})`,
        `events[2]: unknown event '7' (known: ${NOTIFICATION_EVENTS.join(', ')})`,
      ]);
    });

    it(`refuses more than ${MAX_EVENTS} events at once, without a problem for each`, () => {
      expect(eventsProblems(Array.from({ length: MAX_EVENTS + 1 }, (_, i) => `nope${i}`)).problems).toEqual([`events: at most ${MAX_EVENTS} events`]);
      expect(eventsProblems(Array.from({ length: MAX_EVENTS }, () => 'check.failed')).problems).toEqual([]);
    });

    it('takes patterns ending in * that cover known events, and expands them for the samples', () => {
      expect(eventsCovered('incident.status.*')).toEqual(['incident.status.updated']);
      expect(eventsCovered('check.*')).toEqual(['check.failed', 'check.passed']);
      expect(eventsCovered('*')).toEqual([]);
      expect(eventsCovered('nothing.*')).toEqual([]);
      expect(eventsCovered('check*')).toEqual([]);
      const { events, expanded, problems } = eventsProblems(['check.*', 'check.failed']);
      expect(problems).toEqual([]);
      expect(events).toEqual(['check.*', 'check.failed']);
      expect(expanded).toEqual(['check.failed', 'check.passed']);
    });
  });

  describe('string maps', () => {
    it('takes an object of strings and names the key at fault', () => {
      expect(stringMapProblems({ a: 'x' }, 'properties')).toEqual({ map: { a: 'x' }, problems: [] });
      expect(stringMapProblems(null, 'properties')).toEqual({ map: {}, problems: [] });
      expect(stringMapProblems(['a'], 'properties').problems).toEqual(['properties: must be an object of strings']);
      expect(stringMapProblems('a=b', 'properties').problems).toEqual(['properties: must be an object of strings']);
      expect(stringMapProblems({ a: 1, b: 'ok' }, 'properties').problems).toEqual(['properties.a: must be a string']);
      expect(stringMapProblems({ ' ': 'x' }, 'p').problems).toEqual(['p: keys must not be empty']);
    });
  });

  describe('custom services', () => {
    const shape = (value: unknown) => {
      const problems: string[] = [];
      return { service: customServiceShape(value, 2, problems), problems };
    };

    it('takes a name and a url or a connection reference', () => {
      expect(shape({ name: ' ops ', url: 'slack://t@c', extra: 1 })).toEqual({
        service: { name: 'ops', url: 'slack://t@c', connection: null, properties: {} },
        problems: [],
      });
      expect(shape({ name: 'ops', connection: 'connection://default/slack', properties: { channel: '#x' } }).service).toEqual({
        name: 'ops',
        url: null,
        connection: 'connection://default/slack',
        properties: { channel: '#x' },
      });
    });

    it('names each problem with its position', () => {
      expect(shape('slack://x').problems).toEqual(['custom_services[2]: must be an object with name and url or connection']);
      expect(shape({ url: 'slack://x' }).problems).toEqual(['custom_services[2].name: This field is required']);
      expect(shape({ name: 'a' }).problems).toEqual(['custom_services[2]: url or connection is required']);
      expect(shape({ name: 'a', url: 'slack://x', connection: 'connection://s' }).problems).toEqual([
        'custom_services[2]: give either url or connection, not both',
      ]);
      expect(shape({ name: 'a', connection: 'slack' }).problems).toEqual([
        'custom_services[2].connection: must be a connection reference (connection://[namespace/]name)',
      ]);
      expect(shape({ name: 'a', url: 5 }).problems).toEqual(['custom_services[2].url: must be a string']);
      expect(shape({ name: 'a', url: 'slack://x', properties: { n: 1 } }).problems).toEqual(['custom_services[2].properties.n: must be a string']);
    });
  });

  describe('plain fields', () => {
    it('optional text and ids', () => {
      const problems: string[] = [];
      expect(optionalText('', 'title', 10, problems)).toBeNull();
      expect(optionalText('  ', 'title', 10, problems)).toBeNull();
      expect(optionalText('hi', 'title', 10, problems)).toBe('hi');
      expect(optionalText('x'.repeat(11), 'title', 10, problems)).toBeNull();
      expect(optionalText(3, 'title', 10, problems)).toBeNull();
      expect(optionalUuid('0E7B4C1A-6A55-4C59-9C55-2F1D8F7A0001', 'person_id', problems)).toBe('0e7b4c1a-6a55-4c59-9c55-2f1d8f7a0001');
      expect(optionalUuid('nope', 'person_id', problems)).toBeNull();
      expect(problems).toEqual(['title: at most 10 characters', 'title: must be a string', 'person_id: must be a UUID']);
    });

    it('dates', () => {
      const problems: string[] = [];
      expect(dateTime('2024-01-31T12:00:00Z', 'until', problems)?.toISOString()).toBe('2024-01-31T12:00:00.000Z');
      expect(dateTime(null, 'until', problems)).toBeNull();
      expect(dateTime('tomorrow', 'until', problems)).toBeNull();
      expect(dateTime('2024-13-45', 'from', problems)).toBeNull();
      expect(problems).toEqual(['until: must be an ISO date-time (2024-01-31T12:00:00Z)', 'from: must be an ISO date-time (2024-01-31T12:00:00Z)']);
    });
  });

  describe('paging', () => {
    const options = { sortable: ['name', 'created_at'], sortBy: 'name', sortOrder: 'asc' as const, pageSize: 50, maxPageSize: 200 };

    it('defaults, and turns page index and size into limit and offset', () => {
      const problems: string[] = [];
      expect(pageOf({}, options, problems)).toEqual({ limit: 50, offset: 0, sortBy: 'name', sortOrder: 'asc' });
      expect(pageOf({ pageIndex: '2', pageSize: '10', sortBy: 'created_at', sortOrder: 'desc' }, options, problems)).toEqual({
        limit: 10,
        offset: 20,
        sortBy: 'created_at',
        sortOrder: 'desc',
      });
      expect(problems).toEqual([]);
    });

    it('refuses sizes over the cap, unknown sort columns and orders', () => {
      const problems: string[] = [];
      pageOf({ pageIndex: '-1', pageSize: '201', sortBy: 'password_hash; drop table x', sortOrder: 'up' }, options, problems);
      expect(problems).toEqual([
        'pageSize: must be a whole number from 1 to 200',
        'pageIndex: must be a whole number from 0 to 1000000',
        'sortBy: must be one of name, created_at',
        'sortOrder: must be asc or desc',
      ]);
    });

    it('reads comma lists against the known values', () => {
      const problems: string[] = [];
      expect(commaList('sent, error,sent', 'status', ['sent', 'error', 'pending'], problems)).toEqual(['sent', 'error']);
      expect(commaList(undefined, 'status', ['sent'], problems)).toEqual([]);
      expect(commaList('sent,bogus', 'status', ['sent'], problems)).toEqual(['sent']);
      expect(problems).toEqual(["status: unknown value 'bogus' (known: sent)"]);
    });
  });

  it('refuses with one 400 naming every problem', () => {
    expect(() => refuse([])).not.toThrow();
    try {
      refuse(['name: This field is required', 'events: Events are required']);
      throw new Error('did not refuse');
    } catch (error) {
      const response = (error as { getStatus(): number; getResponse(): Record<string, unknown> }).getResponse();
      expect((error as { getStatus(): number }).getStatus()).toBe(400);
      expect(response.message).toBe('name: This field is required; events: Events are required');
      expect(response.details).toEqual(['name: This field is required', 'events: Events are required']);
    }
  });

  it(`names at most ${MAX_PROBLEMS} problems, then how many more`, () => {
    const problems = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => `custom_services[${i}].name: This field is required`);
    try {
      refuse(problems);
      throw new Error('did not refuse');
    } catch (error) {
      const response = (error as { getResponse(): { message: string; details: string[] } }).getResponse();
      expect(response.details).toEqual([...problems.slice(0, MAX_PROBLEMS), 'and 5 more problems']);
      expect(response.message).toBe(response.details.join('; '));
    }
  });
});
