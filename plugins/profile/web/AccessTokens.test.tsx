import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TestProviders } from '@web/core/testing/TestProviders';
import { AccessTokens, TOKENS_PATH, type AccessToken } from './AccessTokens';
import { jsonResponse } from '@web/core/testing/jsonResponse';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const kubeconfig: AccessToken = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'kubeconfig',
  created_at: '2026-11-01T10:00:00Z',
  expires_at: '2027-01-30T10:00:00Z',
  last_used_at: null,
};

describe('access tokens on the profile page', () => {
  it('lists the tokens without their values and revokes one after confirmation', async () => {
    let tokens = [kubeconfig];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      if (url === TOKENS_PATH) return jsonResponse(200, tokens);
      if (url === `${TOKENS_PATH}/${kubeconfig.id}` && init.method === 'DELETE') {
        tokens = [];
        return jsonResponse(204, undefined);
      }
      return jsonResponse(404, { message: 'no' });
    });
    render(
      <TestProviders>
        <AccessTokens />
      </TestProviders>,
    );
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    expect(within(table).getByText('kubeconfig')).toBeInTheDocument();
    expect(within(table).getAllByText('Never')).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `${TOKENS_PATH}/${kubeconfig.id}` && init?.method === 'DELETE')).toBe(true);
  });

  it('keeps the token listed and says why when revoking fails', async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) =>
      init?.method === 'DELETE' ? jsonResponse(404, { statusCode: 404, code: 'not_found', message: 'Token not found' }) : jsonResponse(200, [kubeconfig]),
    );
    render(
      <TestProviders>
        <AccessTokens />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: 'Access tokens' })).toBeInTheDocument());
  });
});
