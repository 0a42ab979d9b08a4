import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataTable } from './DataTable';
import type { DataTableColumn } from './types';

interface Service {
  id: string;
  name: string;
  team: string;
}

const columns: DataTableColumn<Service>[] = [
  { id: 'name', header: 'Name' },
  { id: 'team', header: 'Team' },
];

const services = (count: number): Service[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(i + 1), name: `service-${i + 1}`, team: i % 3 === 0 ? 'payments' : 'search' }));

async function renderTable(props: Partial<Parameters<typeof DataTable<Service>>[0]> = {}) {
  const view = render(<DataTable<Service> id="services" rows={services(25)} columns={columns} getRowId={(s) => s.id} {...props} />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return view;
}

describe('DataTable', () => {
  it('shows "No data available" when there are no rows', async () => {
    await renderTable({ rows: [] });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('pages client-side and moves with next and last', async () => {
    await renderTable({ paging: { mode: 'client', initialPageSize: 10 } });
    expect(screen.getByText('service-1')).toBeInTheDocument();
    expect(screen.queryByText('service-11')).not.toBeInTheDocument();
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1-10 of 25');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('service-11')).toBeInTheDocument();
    expect(screen.queryByText('service-1')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('service-25')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('21-25 of 25');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('goes to the typed page, never below page 1 nor past the last', async () => {
    await renderTable({ paging: { mode: 'client', initialPageSize: 10 } });
    const input = screen.getByLabelText('Go to page');

    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue(1);
    expect(screen.getByText('service-1')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('service-11')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue(3);
    expect(await screen.findByText('service-21')).toBeInTheDocument();
  });

  it('offers the page sizes of the spec', async () => {
    await renderTable({ paging: { mode: 'client', initialPageSize: 10 } });
    const options = within(screen.getByLabelText('Rows per page'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50', '100', '150', '200', '250', '300', '500', '1000']);
  });

  it('asks the caller for another page in server mode', async () => {
    const onChange = jest.fn();
    await renderTable({ rows: services(10), paging: { mode: 'server', pageIndex: 0, pageSize: 10, total: 95, onChange } });
    expect(screen.getByTestId('pagination-page-count')).toHaveTextContent('of 10');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onChange).toHaveBeenCalledWith(9, 10);
  });

  it('groups rows by a column with counts and collapses a group', async () => {
    await renderTable({ rows: services(6), groupBy: { column: 'team' } });
    const groups = screen.getAllByTestId('datatable-group');
    expect(groups.map((g) => g.textContent)).toEqual(['payments2', 'search4']);
    expect(screen.getByText('service-4')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Collapse group payments' }));
    expect(await screen.findByRole('button', { name: 'Expand group payments' })).toBeInTheDocument();
    expect(screen.queryByText('service-4')).not.toBeInTheDocument();
    expect(screen.getByText('service-2')).toBeInTheDocument();
  });

  it('shows a summary row per group when columns say what a group shows, ordered by the sort column', async () => {
    const teamColumns: DataTableColumn<Service>[] = [
      { id: 'name', header: 'Name', group: { render: (g) => <b>{`${g.key}: ${g.rows.length} services`}</b> } },
      { id: 'team', header: 'Team', group: { value: (g) => g.rows.length, render: (g) => `size ${g.rows.length}` } },
    ];
    await renderTable({
      rows: services(6),
      columns: teamColumns,
      groupBy: { key: (s) => (s.team === 'search' ? s.team : '') },
      defaultSort: { column: 'team', direction: 'desc' },
    });
    const groupRows = () => [...document.querySelectorAll('[role="row"][row-id^="group:"]')] as HTMLElement[];
    expect(groupRows().map((row) => row.getAttribute('row-id'))).toEqual(['group:search', 'group:(none)']);
    expect(within(groupRows()[0]).getByText('search: 4 services')).toBeInTheDocument();
    expect(within(groupRows()[0]).getByText('size 4')).toBeInTheDocument();
    expect(within(groupRows()[1]).getByText('(none): 2 services')).toBeInTheDocument();

    // A click anywhere on a group row closes it; Enter in one of its cells opens it again.
    fireEvent.click(within(groupRows()[0]).getByText('size 4'));
    expect(await screen.findByRole('button', { name: 'Expand group search' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('service-2')).not.toBeInTheDocument();
    fireEvent.keyDown(within(groupRows()[0]).getByText('size 4'), { key: 'Enter' });
    expect(await screen.findByText('service-2')).toBeInTheDocument();
  });

  it('takes Enter in a cell as a click on its row', async () => {
    const onRowClick = jest.fn();
    await renderTable({ rows: services(2), onRowClick });
    fireEvent.keyDown(screen.getByText('service-2'), { key: 'Enter' });
    await waitFor(() => expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: '2' })));
  });

  it('expands a row to show its detail without triggering the row click', async () => {
    const onRowClick = jest.fn();
    await renderTable({ rows: services(2), onRowClick, renderDetail: (s) => <p>details of {s.name}</p> });
    fireEvent.click(screen.getAllByRole('button', { name: 'Expand row' })[0]);
    expect(await screen.findByText('details of service-1')).toBeInTheDocument();

    fireEvent.click(screen.getByText('service-2'));
    await waitFor(() => expect(onRowClick).toHaveBeenCalled());
    // Only the real row click arrived; the toggle click did not count as one.
    expect(onRowClick.mock.calls).toEqual([[expect.objectContaining({ id: '2' })]]);
  });
});
