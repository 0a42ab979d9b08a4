import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TicketDiagonal20Regular } from '@fluentui/react-icons';
import { PluginRegistry, PluginRegistryProvider, definePlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { ConnectionDialog } from './ConnectionDialog';
import type { Connection } from './connectionsApi';
import { jsonResponse } from '@web/core/testing/jsonResponse';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

/** A type contributed the way responder plugins do (this test does not import another plugin). */
const registry = new PluginRegistry([
  definePlugin({
    manifest: { id: 'test-jira-type', title: 'Jira type' },
    register(ctx) {
      ctx.add('connection.types', {
        id: 'jira',
        label: 'Jira',
        icon: TicketDiagonal20Regular,
        fields: [
          { name: 'url', label: 'URL', kind: 'text', required: true },
          { name: 'username', label: 'Username', kind: 'text', required: true },
          { name: 'password', label: 'API token', kind: 'secret', required: true },
          { name: 'properties.project', label: 'Default project', kind: 'text' },
        ],
      });
    },
  }),
]);

const existing: Connection = {
  id: '6d1a2c1e-1111-4222-8333-944445555666',
  name: 'jira-main',
  namespace: 'default',
  type: 'jira',
  url: 'https://example.atlassian.net',
  username: 'bot@example.com',
  insecure_tls: false,
  properties: { project: 'OPS', hidden: 'kept' },
  source: 'UI',
  created_by: 'u1',
  creator: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  password_set: true,
  certificate_set: false,
};

function openDialog(connection: Connection | null) {
  const onClose = jest.fn();
  render(
    <TestProviders responses={signedIn(['admin'], { '/api/connections': [] })}>
      <PluginRegistryProvider registry={registry}>
        <ConnectionDialog open connection={connection} canWrite onClose={onClose} />
      </PluginRegistryProvider>
    </TestProviders>,
  );
  return { onClose };
}

describe('ConnectionDialog', () => {
  it('adds a connection in two steps: type, then details; Back returns to the types', async () => {
    fetchMock.mockImplementation(() => jsonResponse(201, existing));
    const { onClose } = openDialog(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Jira' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Jira' }));
    expect(screen.getByRole('textbox', { name: /Namespace/ })).toHaveValue('default');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(4);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /^Name(?!space)/ }), { target: { value: 'jira-main' } });
    fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), { target: { value: 'https://example.atlassian.net' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: 'bot@example.com' } });
    fireEvent.change(screen.getByLabelText(/API token/), { target: { value: 'tok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/connections');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      name: 'jira-main',
      namespace: 'default',
      type: 'jira',
      url: 'https://example.atlassian.net',
      username: 'bot@example.com',
      password: 'tok',
      properties: {},
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps a stored secret: shows it as set and sends no password on Update', async () => {
    fetchMock.mockImplementation(() => jsonResponse(200, existing));
    openDialog(existing);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/API token/)).toHaveAttribute('placeholder', '•••••• (set)');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Connection updated successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`/api/connections/${existing.id}`);
    expect(init.method).toBe('PATCH');
    const body = JSON.parse(init.body);
    expect(body).not.toHaveProperty('password');
    expect(body.properties).toEqual({ project: 'OPS', hidden: 'kept' });
  });

  it.each([
    [200, { message: 'ok' }, 'Connection successful'],
    [400, { statusCode: 400, code: 'connection_test_failed', message: 'You are not authenticated.' }, 'You are not authenticated.'],
    [501, { statusCode: 501, code: 'not_implemented', message: 'x' }, 'We currently do not support testing this connection type'],
    [500, { statusCode: 500, code: 'internal', message: 'boom' }, 'Testing connection failed!'],
  ])('shows the test result for HTTP %s', async (status, body, shown) => {
    fetchMock.mockImplementation(() => jsonResponse(status, body));
    openDialog(existing);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/connection/test/${existing.id}`);
  });

  it('deletes after confirmation', async () => {
    fetchMock.mockImplementation(() => Promise.resolve({ ok: true, status: 204, headers: { get: () => null }, text: () => Promise.resolve('') }));
    openDialog(existing);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    act(() => within(confirm).getByRole('button', { name: 'Cancel', hidden: true }).focus());
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-hidden'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/connections/${existing.id}`, expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
  });
});
