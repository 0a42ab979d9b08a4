import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { TestProviders, whoamiFor } from '@web/core/testing/TestProviders';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import type { LinkedIdentities } from '@contracts';
import { IDENTITIES_PATH, SocialSignInSection, UNLINK_NEEDS_PASSWORD } from './SocialSignInSection';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const okta = {
  id: '11111111-1111-4111-8111-111111111111',
  provider: 'https://idp.test',
  email: 'ada@corp.test',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: null,
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderSection(url = '/profile-settings') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={{ '/api/auth/whoami': whoamiFor(['editor']) }}>
        <SocialSignInSection />
        <Address />
      </TestProviders>
    </MemoryRouter>,
  );
}

const answer = (identities: LinkedIdentities) => (url: string) =>
  url === IDENTITIES_PATH ? jsonResponse(200, identities) : jsonResponse(404, { message: 'no' });

describe("'Manage Social Sign In' on the profile page", () => {
  it('lists the linked provider identity and unlinks it after confirmation when the account has a password', async () => {
    let identities = [okta];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      if (url === `${IDENTITIES_PATH}/${okta.id}` && init.method === 'DELETE') {
        identities = [];
        return jsonResponse(204);
      }
      return answer({ enabled: true, label: 'Okta', identities, has_password: true })(url);
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Manage Social Sign In' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Linked sign-in accounts' });
    expect(within(table).getByText('ada@corp.test')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Unlink' }));
    const confirm = await waitFor(() => within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(confirm);
    expect(await screen.findByTestId('social-sign-in-message')).toHaveTextContent('Okta unlinked from this account.');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Linked sign-in accounts' })).not.toBeInTheDocument());
    expect(screen.getByText('No Okta account is linked to yours.')).toBeInTheDocument();
  });

  it('does not offer to unlink the only way in of an account without a password', async () => {
    fetchMock.mockImplementation(answer({ enabled: true, label: 'Okta', identities: [okta], has_password: false }));
    renderSection();
    const table = await screen.findByRole('table', { name: 'Linked sign-in accounts' });
    expect(within(table).getByRole('button', { name: 'Unlink' })).toBeDisabled();
    expect(screen.getByText(UNLINK_NEEDS_PASSWORD)).toBeInTheDocument();
  });

  it('offers to link an account as a full-page link to the gateway, back to the profile page', async () => {
    fetchMock.mockImplementation(answer({ enabled: true, label: 'Okta', identities: [], has_password: true }));
    renderSection();
    expect(await screen.findByRole('link', { name: 'Link Okta account' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/login?return_to=%2Fprofile-settings&link=true',
    );
  });

  it('says how the link flow ended and tidies the address', async () => {
    fetchMock.mockImplementation(answer({ enabled: true, label: 'Okta', identities: [okta], has_password: true }));
    renderSection('/profile-settings?sso_error=linked_elsewhere');
    expect(await screen.findByTestId('social-sign-in-message')).toHaveTextContent('This identity is already linked to another user.');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/profile-settings$/));
  });

  it('is not drawn when single sign-on is off and nothing is linked', async () => {
    fetchMock.mockImplementation(answer({ enabled: false, label: '', identities: [], has_password: true }));
    renderSection();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText(/Loading/)).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Manage Social Sign In' })).not.toBeInTheDocument();
  });
});
