import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useQueryState } from './useQueryState';

function StatusFilter() {
  const [status, setStatus] = useQueryState('status', 'open');
  const [, setPage] = useQueryState('page', '1');
  const location = useLocation();
  return (
    <>
      <span data-testid="status">{status}</span>
      <span data-testid="search">{location.search}</span>
      <button onClick={() => setStatus('closed & done')}>closed</button>
      <button onClick={() => setStatus('open')}>default</button>
      <button
        onClick={() => {
          setStatus('resolved');
          setPage(null);
        }}
      >
        resolved, first page
      </button>
    </>
  );
}

describe('useQueryState', () => {
  it('reads the default, writes encoded values to the query string and drops the default again', () => {
    render(
      <MemoryRouter initialEntries={['/incidents?type=cost']}>
        <StatusFilter />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('status')).toHaveTextContent('open');

    fireEvent.click(screen.getByText('closed'));
    expect(screen.getByTestId('status')).toHaveTextContent('closed & done');
    expect(screen.getByTestId('search')).toHaveTextContent('?type=cost&status=closed+%26+done');

    fireEvent.click(screen.getByText('default'));
    expect(screen.getByTestId('search')).toHaveTextContent('?type=cost');
  });

  it('keeps every write of one handler: a filter and the page reset together (the incident list filters)', async () => {
    render(
      <MemoryRouter initialEntries={['/incidents?type=cost&page=3']}>
        <StatusFilter />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('resolved, first page'));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?type=cost&status=resolved$/);
    // and a later handler starts from the new query, not from what was pending
    await Promise.resolve();
    fireEvent.click(screen.getByText('default'));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?type=cost$/);
  });
});
