import type { LogBackendType } from '@contracts';
import { backendSpecProblems, backendTypeOf, type BackendTypes } from './backend-spec';
import { selectorsOf } from './logs.service';
import { parseLogTime, searchWindow } from './time-range';

const NOW = Date.parse('2024-05-01T12:00:00Z');

describe('search times', () => {
  it('reads now-<n><unit> and ISO times', () => {
    expect(parseLogTime('now', 'start', NOW).toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(parseLogTime('now-15m', 'start', NOW).toISOString()).toBe('2024-05-01T11:45:00.000Z');
    expect(parseLogTime('now-1h', 'start', NOW).toISOString()).toBe('2024-05-01T11:00:00.000Z');
    expect(parseLogTime(' now-2d ', 'start', NOW).toISOString()).toBe('2024-04-29T12:00:00.000Z');
    expect(parseLogTime('now-30s', 'start', NOW).toISOString()).toBe('2024-05-01T11:59:30.000Z');
    expect(parseLogTime('now-1w', 'start', NOW).toISOString()).toBe('2024-04-24T12:00:00.000Z');
    expect(parseLogTime('2024-04-30T08:00:00+02:00', 'start', NOW).toISOString()).toBe('2024-04-30T06:00:00.000Z');
  });

  it('answers a 400 naming the field for anything else', () => {
    for (const bad of ['yesterday', 'now-', 'now-5x', 'now+1h', '1', '', '2024-13-45', 'now-1h; drop', 12]) {
      expect(() => parseLogTime(bad, 'start', NOW)).toThrow('start: use an ISO time or now-<n><unit> such as now-15m, now-1h or now-2d');
    }
  });

  it('defaults to the last hour and refuses a start after the end', () => {
    expect(searchWindow(undefined, undefined, NOW)).toEqual({ start: new Date(NOW - 3_600_000), end: new Date(NOW) });
    expect(searchWindow('now-2d', 'now-1d', NOW)).toEqual({ start: new Date(NOW - 2 * 86_400_000), end: new Date(NOW - 86_400_000) });
    expect(() => searchWindow('now-1m', 'now-1h', NOW)).toThrow('start: must be before end');
    expect(() => searchWindow('now', 'soon', NOW)).toThrow(/^end: /);
  });
});

describe('logging backend specs', () => {
  const file: LogBackendType = {
    type: 'file',
    validate: (spec) => (typeof spec.path === 'string' ? [] : ['path: required']),
    search: () => (async function* () {})(),
  };
  const broken: LogBackendType = {
    type: 'broken',
    validate: () => {
      throw new Error('boom');
    },
    search: () => (async function* () {})(),
  };
  const types: BackendTypes = { ids: () => ['file', 'broken'], find: (type) => ({ file, broken })[type] };

  it('wants exactly one key naming an installed type, then asks the type', () => {
    expect(backendSpecProblems({ file: { path: 'a.log' } }, types)).toEqual([]);
    expect(backendSpecProblems({ file: {} }, types)).toEqual(['spec.file.path: required']);
    expect(backendSpecProblems(null, types)).toEqual(['spec: must be a map with one key, the backend type (one of: broken, file)']);
    expect(backendSpecProblems([], types)).toEqual(['spec: must be a map with one key, the backend type (one of: broken, file)']);
    expect(backendSpecProblems({}, types)).toEqual(['spec: names no backend type; use one of: broken, file']);
    expect(backendSpecProblems({ file: {}, loki: {} }, types)).toEqual([
      'spec: must have exactly one key, the backend type (one of: broken, file); found file, loki',
    ]);
    expect(backendSpecProblems({ loki: { url: 'x' } }, types)).toEqual(["spec: unknown backend type 'loki'; known types: broken, file"]);
    expect(backendSpecProblems({ file: 'a.log' }, types)).toEqual(["spec.file: must be a map of the file backend's fields"]);
    expect(backendSpecProblems({ broken: {} }, types)).toEqual(['spec.broken: could not be validated: boom']);
    expect(backendSpecProblems({ file: {} }, { ids: () => [], find: () => undefined })).toEqual([
      "spec: unknown backend type 'file'; known types: none installed",
    ]);
  });

  it('splits a spec into its type and fields', () => {
    expect(backendTypeOf({ file: { path: 'x' } })).toEqual({ type: 'file', body: { path: 'x' } });
    expect(backendTypeOf({ file: 'x' })).toBeNull();
    expect(backendTypeOf({ a: {}, b: {} })).toBeNull();
  });
});

describe("a component's log selectors", () => {
  it('keeps the entries with a name, with their backend, query and labels as text', () => {
    expect(
      selectorsOf([
        { name: 'app', backend: 'files', query: 'error', labels: { app: 'shop', replicas: 3 } },
        { name: 'plain' },
        { backend: 'no-name' },
        'text',
        null,
        { name: '' },
        { name: 'empty', backend: '', query: '' },
      ]),
    ).toEqual([{ name: 'app', backend: 'files', query: 'error', labels: { app: 'shop', replicas: '3' } }, { name: 'plain' }, { name: 'empty' }]);
    expect(selectorsOf({ name: 'x' })).toEqual([]);
    expect(selectorsOf(null)).toEqual([]);
  });
});
