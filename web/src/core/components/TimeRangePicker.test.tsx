import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MemoryRouter, useLocation } from 'react-router';
import { RECENT_RANGES_STORAGE_KEY, type TimeRange, absoluteTimeRange, relativeTimeRange, useTimeRangeParams } from '@web/core/timeRange';
import { TimeRangePicker } from './TimeRangePicker';

const DEFAULT_RANGE = relativeTimeRange('2d')!;

/** A page that keeps its range in the URL, as the job history does. */
function Page() {
  const [range, setRange] = useTimeRangeParams(DEFAULT_RANGE);
  const location = useLocation();
  return (
    <>
      <TimeRangePicker value={range} onChange={setRange} />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderPage(search = '') {
  return render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[`/settings/jobs${search}`]}>
        <Page />
      </MemoryRouter>
    </FluentProvider>,
  );
}

const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
const openPicker = () => fireEvent.click(screen.getByRole('button', { name: /^Time range:/ }));
const fill = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

function submitRange(from: string, to: string) {
  openPicker();
  fill('From date', from);
  fill('From time', '00:00');
  fill('To date', to);
  fill('To time', '12:00');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('TimeRangePicker', () => {
  beforeEach(() => localStorage.clear());

  it('shows the default range and writes a relative choice to the URL, clearing the others', () => {
    renderPage('?status=FAILED&rangeType=absolute&display=Custom&from=2026-01-01T00:00:00.000Z&to=2026-01-02T00:00:00.000Z');
    openPicker();
    fireEvent.click(within(screen.getByRole('group', { name: 'Relative time ranges' })).getByRole('button', { name: 'Last 5 minutes' }));
    expect(search().toString()).toBe('status=FAILED&rangeType=relative&display=Last+5+minutes&range=now-5m');
    expect(screen.getByRole('button', { name: 'Time range: Last 5 minutes' })).toBeInTheDocument();
  });

  it('offers relative ranges from 5 minutes to 5 years, and the quick ranges', () => {
    renderPage();
    expect(screen.getByRole('button', { name: 'Time range: Last 2 days' })).toBeInTheDocument();
    openPicker();
    const relative = within(screen.getByRole('group', { name: 'Relative time ranges' })).getAllByRole('button');
    expect(relative[0]).toHaveTextContent('Last 5 minutes');
    expect(relative[relative.length - 1]).toHaveTextContent('Last 5 years');
    expect(screen.getByRole('button', { name: 'Last 2 days', pressed: true })).toBeInTheDocument();
    const quick = within(screen.getByRole('group', { name: 'Quick ranges' }));
    fireEvent.click(quick.getByRole('button', { name: 'Yesterday' }));
    expect(search().toString()).toBe('rangeType=mapped&display=Yesterday&range=yesterday');
  });

  it('keeps Submit disabled until both From and To are set, and refuses From after To', () => {
    renderPage();
    openPicker();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    fill('From date', '2026-01-05');
    expect(submit).toBeDisabled();
    fill('To date', '2026-01-03');
    expect(screen.getByText('From must be before To')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fill('To date', '2026-01-06');
    expect(screen.queryByText('From must be before To')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    const params = search();
    expect(params.get('rangeType')).toBe('absolute');
    expect(params.get('display')).toBe('Custom');
    expect(params.get('from')).toBe(new Date(2026, 0, 5).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 0, 6, 23, 59, 59).toISOString());
    expect(params.has('range')).toBe(false);
  });

  it('picks a date on the calendar', () => {
    renderPage();
    openPicker();
    fill('From date', '2026-01-05');
    fireEvent.click(screen.getByRole('button', { name: 'Choose From date' }));
    fireEvent.click(screen.getByRole('button', { name: /^7, January, 2026/ }));
    expect(screen.getByLabelText('From date')).toHaveValue('2026-01-07');
  });

  it('removes every time parameter on Clear, back to the default range', () => {
    renderPage('?status=FAILED&rangeType=relative&display=Last+5+minutes&range=now-5m');
    openPicker();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search().toString()).toBe('status=FAILED');
    expect(screen.getByRole('button', { name: 'Time range: Last 2 days' })).toBeInTheDocument();
  });

  it('keeps the 4 recent absolute ranges plus the new one, newest first, and offers them again', () => {
    renderPage();
    for (let day = 1; day <= 6; day += 1) submitRange(`2026-02-0${day}`, `2026-02-0${day + 1}`);
    const stored = JSON.parse(localStorage.getItem(RECENT_RANGES_STORAGE_KEY) ?? '[]') as TimeRange[];
    expect(stored).toHaveLength(5);
    expect(stored.map((range) => range.type === 'absolute' && range.from)).toEqual([6, 5, 4, 3, 2].map((day) => new Date(2026, 1, day).toISOString()));

    openPicker();
    const recent = within(screen.getByRole('group', { name: 'Recent absolute ranges' })).getAllByRole('button');
    expect(recent).toHaveLength(5);
    fireEvent.click(recent[3]);
    expect(search().get('from')).toBe(new Date(2026, 1, 3).toISOString());
  });

  it('fills the form with the current absolute range', () => {
    const range = absoluteTimeRange(new Date(2026, 2, 1, 8, 30), new Date(2026, 2, 2, 17, 45));
    render(
      <FluentProvider theme={webLightTheme}>
        <TimeRangePicker value={range} onChange={() => undefined} />
      </FluentProvider>,
    );
    act(() => openPicker());
    expect(screen.getByLabelText('From date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('From time')).toHaveValue('08:30');
    expect(screen.getByLabelText('To date')).toHaveValue('2026-03-02');
    expect(screen.getByLabelText('To time')).toHaveValue('17:45');
  });

  it('offers only the relative ranges a page allows', () => {
    const onChange = jest.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <TimeRangePicker value={relativeTimeRange('1h')!} onChange={onChange} relativeOptions={['15m', '1h', '1mo']} absolute={false} mapped={false} />
      </FluentProvider>,
    );
    openPicker();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quick ranges' })).not.toBeInTheDocument();
    const relative = within(screen.getByRole('group', { name: 'Relative time ranges' })).getAllByRole('button');
    expect(relative.map((button) => button.textContent)).toEqual(['Last 15 minutes', 'Last 1 hour', 'Last 1 month']);
    fireEvent.click(relative[2]);
    expect(onChange).toHaveBeenCalledWith({ type: 'relative', range: 'now-1mo', display: 'Last 1 month' });
  });
});
