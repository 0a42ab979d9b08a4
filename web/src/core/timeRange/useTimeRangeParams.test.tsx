import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { mappedTimeRange, relativeTimeRange } from './resolve';
import type { TimeRange } from './types';
import { useTimeRangeParams } from './useTimeRangeParams';

const DEFAULT_RANGE = relativeTimeRange('1w') as TimeRange;

/** A list page as the playbook runs: its old `starts`/`ends` links, and paging reset with each new range. */
function RunsPage({ prefix }: { prefix?: string }) {
  const [range, setRange] = useTimeRangeParams(DEFAULT_RANGE, prefix, { from: 'starts', to: 'ends' });
  const [, setPageIndex] = useQueryState('pageIndex', '0');
  const location = useLocation();
  const choose = (next: TimeRange | undefined) => {
    setRange(next);
    setPageIndex(null);
  };
  return (
    <>
      <output data-testid="range">{JSON.stringify(range)}</output>
      <output data-testid="search">{location.search}</output>
      <button onClick={() => choose(mappedTimeRange('previousWeek'))}>previous week</button>
      <button onClick={() => choose(undefined)}>clear</button>
    </>
  );
}

function renderAt(search: string, prefix?: string) {
  render(
    <MemoryRouter initialEntries={[`/playbooks/runs${search}`]}>
      <RunsPage prefix={prefix} />
    </MemoryRouter>,
  );
}

const range = () => JSON.parse(screen.getByTestId('range').textContent ?? '') as TimeRange;
const search = () => screen.getByTestId('search').textContent;

describe('useTimeRangeParams', () => {
  it('reads an old link, and writes the new parameters in its place with the page reset in the same handler', async () => {
    renderAt('?status=failed&starts=2026-03-01T00:00:00Z&ends=2026-03-02T00:00:00Z&pageIndex=3');
    expect(range()).toEqual({ type: 'absolute', from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z', display: 'Custom' });
    fireEvent.click(screen.getByText('previous week'));
    expect(search()).toBe('?status=failed&rangeType=mapped&display=Previous+week&range=previousWeek');
    expect(range()).toEqual({ type: 'mapped', key: 'previousWeek', display: 'Previous week' });
    await act(async () => undefined);
    fireEvent.click(screen.getByText('clear'));
    expect(search()).toBe('?status=failed');
    expect(range()).toEqual(DEFAULT_RANGE);
  });

  it('keeps a prefixed range apart from the page’s other parameters', () => {
    renderAt('?from=elsewhere&jobs_rangeType=relative&jobs_range=now-2d', 'jobs_');
    expect(range()).toEqual(relativeTimeRange('2d'));
    fireEvent.click(screen.getByText('clear'));
    expect(search()).toBe('?from=elsewhere');
  });

  it('falls back to the default for an invalid range in the URL, logging it', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderAt('?rangeType=relative&range=now-forever');
      expect(range()).toEqual(DEFAULT_RANGE);
      expect(errors).toHaveBeenCalledWith('Invalid relative time range', 'now-forever');
    } finally {
      errors.mockRestore();
    }
  });
});
