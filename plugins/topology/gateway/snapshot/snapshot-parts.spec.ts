import { csvField, csvRow } from './csv';
import { safeFileName } from './snapshot.service';
import { parseRelated, parseSnapshotStart } from './time-range';

describe('snapshot parts', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');

  it('reads start as now-<n><unit> or ISO before now, default now-15m', () => {
    expect(parseSnapshotStart(undefined, now).toISOString()).toBe('2025-03-10T11:45:00.000Z');
    expect(parseSnapshotStart('', now).toISOString()).toBe('2025-03-10T11:45:00.000Z');
    expect(parseSnapshotStart('now-2h', now).toISOString()).toBe('2025-03-10T10:00:00.000Z');
    expect(parseSnapshotStart('now-3d', now).toISOString()).toBe('2025-03-07T12:00:00.000Z');
    expect(parseSnapshotStart('now-1w', now).toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(parseSnapshotStart('now-1mo', now).toISOString()).toBe('2025-02-08T12:00:00.000Z');
    expect(parseSnapshotStart('2025-03-10T09:30:00+01:00', now).toISOString()).toBe('2025-03-10T08:30:00.000Z');
    expect(parseSnapshotStart('2025-03-09', now).toISOString()).toBe('2025-03-09T00:00:00.000Z');
    for (const bad of ['now', 'now-15', 'now-15x', 'now+1h', 'yesterday', 'March 7, 2025', '2025-02-30T00:00:00Z', '2025-03-10T12:00:00Z', ['now-1h'], 5]) {
      expect(() => parseSnapshotStart(bad, now)).toThrow(/^start: /);
    }
  });

  it('reads related as true/false or 1/0', () => {
    expect([undefined, '', 'false', '0'].map(parseRelated)).toEqual([false, false, false, false]);
    expect(['true', '1'].map(parseRelated)).toEqual([true, true]);
    expect(() => parseRelated('yes')).toThrow('related: use true or false');
  });

  it('quotes CSV fields holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvField(false)).toBe('false');
    expect(csvField(new Date('2025-03-10T12:00:00Z'))).toBe('2025-03-10T12:00:00.000Z');
    expect(csvField({ team: 'a,b' })).toBe('"{""team"":""a,b""}"');
    expect(csvRow(['x', 'y, z', null])).toBe('x,"y, z",\r\n');
  });

  it('makes a component name safe for a file name', () => {
    expect(safeFileName('Payments, "API" / eu', 'component')).toBe('Payments-API-eu');
    expect(safeFileName('café.prod_1', 'component')).toBe('cafe.prod_1');
    expect(safeFileName('../../etc/passwd', 'component')).toBe('etc-passwd');
    expect(safeFileName('日本', 'component')).toBe('component');
    expect(safeFileName(null, 'log')).toBe('log');
    expect(safeFileName('x'.repeat(300), 'component')).toHaveLength(100);
  });
});
