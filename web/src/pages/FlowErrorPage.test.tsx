import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TestProviders } from '@web/core/testing/TestProviders';
import { FlowErrorPage } from './FlowErrorPage';

function openAt(url: string, responses: Record<string, unknown>) {
  const router = createMemoryRouter(
    [
      { path: '/error', element: <FlowErrorPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestProviders responses={responses}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('FlowErrorPage', () => {
  it('shows the raw error of the flow', async () => {
    openAt('/error?id=abc', { '/api/auth/errors/abc': { id: 'abc', error: { code: 500, reason: 'smtp down' } } });
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    expect(screen.getByText(/smtp down/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('sends the user home when the error is gone (404)', async () => {
    const router = openAt('/error?id=missing', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
