import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOGIN_FLOW_MESSAGES } from '@contracts';
import { TestProviders } from '@web/core/testing/TestProviders';
import { OIDC_CONFIG_PATH, SsoButtons, ssoLoginHref } from './SsoButtons';

function renderButtons(url: string, config?: unknown) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TestProviders responses={config ? { [OIDC_CONFIG_PATH]: config } : {}}>
        <SsoButtons returnTo="/incidents?status=open" />
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('SsoButtons', () => {
  it("offers 'Sign in with {label}' as a full-page link to the gateway's login, carrying return_to", async () => {
    renderButtons('/login', { enabled: true, label: 'Okta', hosted: false });
    const button = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/login?return_to=%2Fincidents%3Fstatus%3Dopen');
  });

  it('draws nothing when single sign-on is off', async () => {
    const fetcher = jest.fn((key: string) => Promise.resolve(key === OIDC_CONFIG_PATH ? { enabled: false, label: 'Okta', hosted: false } : {}));
    render(
      <MemoryRouter initialEntries={['/login']}>
        <TestProviders fetcher={fetcher}>
          <SsoButtons returnTo="/" />
        </TestProviders>
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetcher).toHaveBeenCalledWith(OIDC_CONFIG_PATH));
    await act(() => Promise.resolve());
    expect(screen.queryByText(/Sign in with/)).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('explains a failed single sign-on by its code, and never shows text from the address', async () => {
    renderButtons('/login?sso_error=security_violation');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(LOGIN_FLOW_MESSAGES.securityViolation);
  });

  it('shows a generic sentence for an unknown code', async () => {
    renderButtons('/login?sso_error=Call%20555-0100%20for%20help');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent('Single sign-on failed. Please try again.');
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
  });

  it('builds the link-account address of the profile page', () => {
    expect(ssoLoginHref('/profile-settings', true)).toBe('/api/auth/oidc/login?return_to=%2Fprofile-settings&link=true');
  });
});
