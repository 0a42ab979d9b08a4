import { fireEvent, render, screen, within } from '@testing-library/react';
import type { SessionInfo } from '@contracts';
import { TestProviders } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { SESSIONS_PATH, SessionsSection, deviceOf } from './SessionsSection';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const session = (id: string, current: boolean, userAgent: string): SessionInfo => ({
  id,
  current,
  aal: 'aal1',
  created_at: '2026-11-20T10:00:00Z',
  last_seen_at: '2026-11-25T09:00:00Z',
  expires_at: '2026-12-20T10:00:00Z',
  ip: '10.0.0.7',
  user_agent: userAgent,
});
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const here = session('11111111-1111-4111-8111-111111111111', true, FIREFOX_LINUX);
const phone = session('22222222-2222-4222-8222-222222222222', false, SAFARI_IOS);
const tablet = session('33333333-3333-4333-8333-333333333333', false, '');

function renderSection() {
  render(
    <TestProviders>
      <SessionsSection />
    </TestProviders>,
  );
}

describe('Sessions on the profile page', () => {
  it('lists where I am signed in, marks this session, and signs one other out after confirmation', async () => {
    let sessions = [here, phone, tablet];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      if (url === `${SESSIONS_PATH}/${phone.id}` && init.method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== phone.id);
        return jsonResponse(204);
      }
      return url === SESSIONS_PATH ? jsonResponse(200, sessions) : jsonResponse(404, { message: 'no' });
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(rows[0]).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Unknown device')).toBeInTheDocument();

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Safari on iOS will need to sign in again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('sessions-message')).toHaveTextContent('Signed out Safari on iOS');
    expect(await screen.findAllByRole('row')).toHaveLength(3);
  });

  it('signs out every other session at once', async () => {
    let sessions = [here, phone, tablet];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      if (url === SESSIONS_PATH && init.method === 'DELETE') {
        sessions = [here];
        return jsonResponse(200, { revoked: 2 });
      }
      return jsonResponse(200, sessions);
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('sessions-message')).toHaveTextContent('Signed out 2 other sessions');
    expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when a session cannot be signed out", async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) =>
      init?.method === 'DELETE'
        ? jsonResponse(404, { statusCode: 404, code: 'session_not_found', message: 'Session not found' })
        : jsonResponse(200, [here, phone]),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
  });

  it('names devices from their user agents', () => {
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge on Windows',
    );
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
