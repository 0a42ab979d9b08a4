import { rollUp, type RollupInputs } from './rollup';

/** A component with nothing linked and no children; each test adds what it is about. */
const inputs = (over: Partial<RollupInputs> = {}): RollupInputs => ({
  ownStatus: null,
  ownStatusReason: null,
  checks: {},
  configs: {},
  worstConfig: null,
  incidents: {},
  insights: {},
  children: [],
  related: [],
  ...over,
});
const child = (name: string, status: string | null, extra: Partial<RollupInputs['children'][number]> = {}) => ({
  name,
  status,
  summary: null,
  hidden: false,
  ...extra,
});

describe('rollUp: status is the worst of the parts', () => {
  it('is unknown when nothing is known, and health follows status', () => {
    expect(rollUp(inputs())).toEqual({
      status: 'unknown',
      health: 'unknown',
      statusReason: null,
      summary: { checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 } },
    });
    // Checks that never ran and configs of unknown health say nothing either.
    expect(rollUp(inputs({ checks: { unknown: 3 }, configs: { unknown: 2 } })).status).toBe('unknown');
  });

  it('takes its own status when that is all there is; info counts as healthy', () => {
    expect(rollUp(inputs({ ownStatus: 'healthy' }))).toMatchObject({ status: 'healthy', health: 'healthy' });
    expect(rollUp(inputs({ ownStatus: 'warning' }))).toMatchObject({ status: 'warning', health: 'warning' });
    expect(rollUp(inputs({ ownStatus: 'unhealthy' }))).toMatchObject({ status: 'unhealthy', health: 'unhealthy' });
    expect(rollUp(inputs({ ownStatus: 'info' }))).toMatchObject({ status: 'healthy', health: 'healthy' });
    expect(rollUp(inputs({ ownStatus: 'unknown' }))).toMatchObject({ status: 'unknown', health: 'unknown' });
  });

  it('unhealthy beats warning beats healthy, whichever part says it', () => {
    expect(rollUp(inputs({ ownStatus: 'healthy', checks: { healthy: 2, unhealthy: 1 } })).status).toBe('unhealthy');
    expect(rollUp(inputs({ ownStatus: 'healthy', configs: { healthy: 1, warning: 1 } })).status).toBe('warning');
    expect(rollUp(inputs({ ownStatus: 'warning', checks: { unhealthy: 1 } })).status).toBe('unhealthy');
    expect(rollUp(inputs({ ownStatus: 'unhealthy', checks: { healthy: 5 }, configs: { healthy: 5 } })).status).toBe('unhealthy');
    expect(rollUp(inputs({ children: [child('a', 'healthy'), child('b', 'warning'), child('c', 'healthy')] })).status).toBe('warning');
    expect(rollUp(inputs({ children: [child('a', 'warning'), child('b', 'unhealthy')] })).status).toBe('unhealthy');
  });

  it('ignores unknown and info parts next to known ones', () => {
    expect(rollUp(inputs({ ownStatus: 'healthy', children: [child('a', 'unknown'), child('b', null)] })).status).toBe('healthy');
    expect(rollUp(inputs({ checks: { unknown: 4, healthy: 1 } })).status).toBe('healthy');
    expect(rollUp(inputs({ children: [child('a', 'info'), child('b', 'unknown')] })).status).toBe('healthy');
    expect(rollUp(inputs({ ownStatus: 'info', children: [child('a', 'warning')] })).status).toBe('warning');
  });

  it('leaves hidden children out of status, reason and summary', () => {
    const hiddenSummary = { checks: { healthy: 0, unhealthy: 7, warning: 0, unknown: 0 }, incidents: { security: { high: 1 } } };
    const value = rollUp(
      inputs({ ownStatus: 'healthy', children: [child('shown', 'healthy'), child('secret', 'unhealthy', { hidden: true, summary: hiddenSummary })] }),
    );
    expect(value).toEqual({
      status: 'healthy',
      health: 'healthy',
      statusReason: null,
      summary: { checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 } },
    });
  });

  it('counts related components (pulled in by selectors) for status, not for the summary', () => {
    const value = rollUp(inputs({ ownStatus: 'healthy', related: [{ name: 'other-db', status: 'unhealthy' }] }));
    expect(value.status).toBe('unhealthy');
    expect(value.statusReason).toBe('1 of 1 components unhealthy (other-db)');
    expect(value.summary).toEqual({ checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 } });
    expect(rollUp(inputs({ related: [{ name: 'x', status: 'warning' }] })).status).toBe('warning');
  });
});

describe('rollUp: summary', () => {
  it('sums its own checks with its visible children’s summaries', () => {
    const value = rollUp(
      inputs({
        checks: { healthy: 2, unhealthy: 1, unknown: 1 },
        children: [
          child('a', 'healthy', { summary: { checks: { healthy: 3, unhealthy: 0, warning: 1, unknown: 0 } } }),
          child('b', 'unhealthy', { summary: { checks: { healthy: 0, unhealthy: 2, warning: 0, unknown: 5 } } }),
          child('c', 'healthy', { summary: {} }),
        ],
      }),
    );
    expect(value.summary.checks).toEqual({ healthy: 5, unhealthy: 3, warning: 1, unknown: 6 });
  });

  it('merges incidents by type then severity, and insights by analysis type then severity', () => {
    const value = rollUp(
      inputs({
        incidents: { availability: { high: 1 } },
        insights: { security: { critical: 2 } },
        children: [
          child('a', 'healthy', {
            summary: { incidents: { availability: { high: 2, low: 1 }, cost: { low: 1 } }, insights: { security: { critical: 1, low: 3 } } },
          }),
          child('b', 'healthy', { summary: { insights: { cost: { info: 4 } } } }),
        ],
      }),
    );
    expect(value.summary.incidents).toEqual({ availability: { high: 3, low: 1 }, cost: { low: 1 } });
    expect(value.summary.insights).toEqual({ security: { critical: 3, low: 3 }, cost: { info: 4 } });
  });

  it('leaves incidents and insights out when there are none', () => {
    const value = rollUp(inputs({ children: [child('a', 'healthy', { summary: { checks: { healthy: 1, unhealthy: 0, warning: 0, unknown: 0 } } })] }));
    expect(Object.keys(value.summary)).toEqual(['checks']);
  });

  it('does not count incidents or insights for status', () => {
    expect(rollUp(inputs({ ownStatus: 'healthy', incidents: { availability: { critical: 3 } }, insights: { security: { critical: 1 } } })).status).toBe(
      'healthy',
    );
  });
});

describe('rollUp: summary read over the subtree (as the worker reads it)', () => {
  it('is the subtree’s counts, not its own inputs plus its children’s summaries (which count shared items twice)', () => {
    const shared = { checks: { healthy: 1, unhealthy: 0, warning: 0, unknown: 0 }, incidents: { availability: { high: 1 } } };
    const value = rollUp(
      inputs({
        checks: { healthy: 1 },
        incidents: { availability: { high: 1 } },
        children: [child('a', 'healthy', { summary: shared }), child('b', 'healthy', { summary: shared })],
        subtree: { checks: { healthy: 2 } as never, incidents: { availability: { high: 1 } } },
      }),
    );
    expect(value.summary).toEqual({ checks: { healthy: 2, unhealthy: 0, warning: 0, unknown: 0 }, incidents: { availability: { high: 1 } } });
  });

  it('fills every check health and leaves empty groups out', () => {
    expect(rollUp(inputs({ subtree: { incidents: {}, insights: {} } })).summary).toEqual({ checks: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 } });
    expect(rollUp(inputs({ subtree: { checks: { unhealthy: '3' } as never, insights: { cost: { low: 2 } } } })).summary).toEqual({
      checks: { healthy: 0, unhealthy: 3, warning: 0, unknown: 0 },
      insights: { cost: { low: 2 } },
    });
  });

  it('still takes status from its own inputs and visible children', () => {
    const value = rollUp(inputs({ ownStatus: 'healthy', children: [child('a', 'warning')], subtree: { checks: { healthy: 5 } as never } }));
    expect(value).toMatchObject({ status: 'warning', statusReason: '1 of 1 components warning (a)' });
  });
});

describe('rollUp: status_reason', () => {
  it('names failing checks out of all linked checks', () => {
    expect(rollUp(inputs({ checks: { healthy: 2, unhealthy: 1 } })).statusReason).toBe('1 of 3 checks unhealthy');
    expect(rollUp(inputs({ checks: { healthy: 1, warning: 2, unknown: 1 } })).statusReason).toBe('2 of 4 checks warning');
  });

  it('names one config, or the count and one of them', () => {
    expect(rollUp(inputs({ configs: { unhealthy: 1, healthy: 2 }, worstConfig: 'orders-db' })).statusReason).toBe('config orders-db unhealthy');
    expect(rollUp(inputs({ configs: { warning: 3 }, worstConfig: 'api' })).statusReason).toBe('3 configs warning (api, ...)');
    // A warning config says nothing when something else made the component unhealthy.
    expect(rollUp(inputs({ checks: { unhealthy: 1 }, configs: { warning: 1 }, worstConfig: 'api' })).statusReason).toBe('1 of 1 checks unhealthy');
  });

  it('names at most three children of the worst status', () => {
    expect(rollUp(inputs({ children: [child('a', 'unhealthy'), child('b', 'healthy'), child('c', 'warning')] })).statusReason).toBe(
      '1 of 3 components unhealthy (a)',
    );
    const many = ['a', 'b', 'c', 'd'].map((n) => child(n, 'warning'));
    expect(rollUp(inputs({ children: [...many, child('e', 'healthy')] })).statusReason).toBe('4 of 5 components warning (a, b, c, ...)');
  });

  it('keeps its own reason when its own status is the worst, joined with the others', () => {
    const value = rollUp(
      inputs({ ownStatus: 'unhealthy', ownStatusReason: 'disk full', checks: { unhealthy: 1, healthy: 1 }, children: [child('a', 'unhealthy')] }),
    );
    expect(value.statusReason).toBe('disk full; 1 of 2 checks unhealthy; 1 of 1 components unhealthy (a)');
    // Its own reason is not repeated when something else is worse than its own status.
    expect(rollUp(inputs({ ownStatus: 'warning', ownStatusReason: 'slow', checks: { unhealthy: 1 } })).statusReason).toBe('1 of 1 checks unhealthy');
  });

  it('is null when healthy or unknown, and bounded in length', () => {
    expect(rollUp(inputs({ ownStatus: 'healthy', ownStatusReason: 'all good', checks: { healthy: 1 } })).statusReason).toBeNull();
    const long = rollUp(inputs({ ownStatus: 'unhealthy', ownStatusReason: 'x'.repeat(5_000) }));
    expect(long.statusReason).toHaveLength(1_000);
  });
});
