import { ScheduleError, compileSchedule, cronFields, parseDuration, scheduleProblem } from './schedule';

describe('schedules', () => {
  const from = new Date('2026-01-01T10:07:30Z');

  it('steps cron expressions, macros and names in UTC, strictly after the given time', () => {
    expect(compileSchedule('*/5 * * * *').next(from)?.toISOString()).toBe('2026-01-01T10:10:00.000Z');
    expect(compileSchedule('*/5 * * * *').next(new Date('2026-01-01T10:10:00Z'))?.toISOString()).toBe('2026-01-01T10:15:00.000Z');
    expect(compileSchedule('@hourly').next(from)?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(compileSchedule('@midnight').next(from)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(compileSchedule('0 9 * * mon-fri').next(new Date('2026-01-03T00:00:00Z'))?.toISOString()).toBe('2026-01-05T09:00:00.000Z');
    // day of month OR day of week when both are restricted (cron's rule); 7 is Sunday too
    expect(compileSchedule('0 0 13 * 5').next(new Date('2026-02-01T00:00:00Z'))?.toISOString()).toBe('2026-02-06T00:00:00.000Z');
    expect(compileSchedule('0 9 * * 7').next(new Date('2026-01-03T00:00:00Z'))?.toISOString()).toBe('2026-01-04T09:00:00.000Z');
  });

  it('runs @every <duration> from the given time, and knows its interval', () => {
    const every = compileSchedule(' @every 1m30s ');
    expect(every.everyMs).toBe(90_000);
    expect(every.next(from)?.toISOString()).toBe('2026-01-01T10:09:00.000Z');
    expect(compileSchedule('*/5 * * * *').everyMs).toBeNull();
    expect([parseDuration('1h30m'), parseDuration('250ms'), parseDuration('1.5s'), parseDuration('5'), parseDuration('1d')]).toEqual([
      5_400_000,
      250,
      1500,
      null,
      null,
    ]);
  });

  it('says what is wrong, quoting the schedule and naming the field', () => {
    expect(scheduleProblem('* * *')).toBe("'* * *': a cron schedule has 5 fields (minute hour day-of-month month day-of-week), got 3");
    expect(scheduleProblem('* * * * * *')).toMatch(/5 fields .*got 6$/);
    expect(scheduleProblem('61 * * * *')).toBe("'61 * * * *': minute field '61' is out of range 0-59");
    expect(scheduleProblem('0 0 * 13 *')).toBe("'0 0 * 13 *': month field '13' is out of range 1-12 or jan-dec");
    expect(scheduleProblem('x * * * *')).toBe("'x * * * *': minute field 'x' contains characters cron does not know");
    expect(scheduleProblem('5-1 * * * *')).toMatch(/^'5-1 \* \* \* \*': /);
    expect(scheduleProblem('@fortnightly')).toMatch(/unknown macro \(use @every <duration>, @hourly/);
    expect(scheduleProblem('@every soon')).toBe("'@every soon': @every needs a duration such as 30s, 1m or 1h");
    expect(scheduleProblem('@every 1s', { minEveryMs: 10_000 })).toBe("'@every 1s': the minimum interval is 10s");
    expect(scheduleProblem('@every 1m', { every: false })).toMatch(/@every is not supported here/);
    expect(scheduleProblem('0 0 30 2 *')).toBe("'0 0 30 2 *' never runs");
    expect(scheduleProblem('every minute')).toMatch(/got 2$/);
  });
});

describe('cronFields (what pg-boss is given)', () => {
  it('expands macros to their 5 fields and refuses @every', () => {
    expect([cronFields('@midnight'), cronFields('@annually'), cronFields(' */5  * * * * ')]).toEqual(['0 0 * * *', '0 0 1 1 *', '*/5 * * * *']);
    expect(() => cronFields('@every 1m')).toThrow(ScheduleError);
  });
});
