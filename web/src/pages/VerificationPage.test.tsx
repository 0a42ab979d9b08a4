import { fireEvent, screen } from '@testing-library/react';
import { setUnauthorizedHandler } from '@web/core/api';
import { jsonResponse } from '@web/core/testing/jsonResponse';
import { answer, bodyOf, fetchMock, openPage } from './accountFlowsTesting';
import { VerificationPage } from './VerificationPage';

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

const open = (url: string) => openPage('/verification', url, <VerificationPage />);

describe('VerificationPage', () => {
  it('verifies the address of the link once, at once', async () => {
    answer((url) => (url === '/api/auth/verification/complete' ? jsonResponse(200, { email: 'ada@example.com' }) : undefined));
    await open('/verification?token=tok');
    expect(screen.getByRole('heading', { name: 'Verify your account' })).toBeInTheDocument();
    expect(await screen.findByText('Your email address ada@example.com is verified.')).toBeInTheDocument();
    expect(bodyOf('/api/auth/verification/complete')).toEqual({ token: 'tok' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verification/complete')).toHaveLength(1);
  });

  it('offers a new link when the link no longer works', async () => {
    const message = 'This verification link has expired or has already been used. Ask for a new one.';
    answer((url) => {
      if (url === '/api/auth/verification/complete') return jsonResponse(410, { statusCode: 410, code: 'flow_expired', message });
      if (url === '/api/auth/verification') return jsonResponse(200, { email: null, verified: false });
    });
    await open('/verification?token=old');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeInTheDocument();
  });

  it('sends a link to the signed-in person without asking their address', async () => {
    answer((url, init) => {
      if (url !== '/api/auth/verification') return undefined;
      return init?.method === 'POST'
        ? jsonResponse(200, { message: 'We have sent a verification link to ada@example.com.' })
        : jsonResponse(200, { email: 'ada@example.com', verified: false });
    });
    await open('/verification');
    expect(await screen.findByText('We will send a verification link to ada@example.com.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByText('We have sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(bodyOf('/api/auth/verification')).toEqual({});
  });

  it('asks a signed-out visitor for their address', async () => {
    answer((url, init) => {
      if (url !== '/api/auth/verification') return undefined;
      return init?.method === 'POST'
        ? jsonResponse(200, { message: 'If an account exists for this email, we have sent it a link to verify it.' })
        : jsonResponse(200, { email: null, verified: false });
    });
    await open('/verification');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByText(/If an account exists for this email/)).toBeInTheDocument();
    expect(bodyOf('/api/auth/verification')).toEqual({ email: 'ada@example.com' });
  });

  it('says when the address is already verified', async () => {
    answer((url) => (url === '/api/auth/verification' ? jsonResponse(200, { email: 'ada@example.com', verified: true }) : undefined));
    await open('/verification');
    expect(await screen.findByText('Your email address ada@example.com is already verified.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send verification link' })).toBeDisabled();
  });
});
