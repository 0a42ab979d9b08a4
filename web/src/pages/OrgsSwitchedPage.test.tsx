import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { API_PATHS, setUnauthorizedHandler } from '@web/core/api';
import { TestProviders, whoamiFor } from '@web/core/testing/TestProviders';
import { OrgsSwitchedPage, SWITCH_ORGANIZATION_PATH } from './OrgsSwitchedPage';

const fetchMock = jest.fn();

function reply(status: number, body: unknown) {
  return Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(JSON.stringify(body)),
  });
}

function open(url: string) {
  const fetcher = jest.fn((key: string) => Promise.resolve(key === API_PATHS.whoami ? whoamiFor(['viewer']) : {}));
  const router = createMemoryRouter(
    [
      { path: '/organizations/orgs-switched', element: <OrgsSwitchedPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestProviders fetcher={fetcher}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setUnauthorizedHandler(jest.fn());
});

describe('OrgsSwitchedPage', () => {
  it('switches the session to the chosen organisation, reads whoami again and goes home', async () => {
    fetchMock.mockImplementation((url: string) => reply(200, url === API_PATHS.whoami ? whoamiFor(['editor']) : { slug: 'globex', current: true }));
    const { router } = open('/organizations/orgs-switched?slug=globex');
    expect(screen.getByRole('heading', { name: 'Switching organization' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // First the switch, then whoami read again.
    expect(fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => `${init.method} ${url}`)).toEqual([
      `POST ${SWITCH_ORGANIZATION_PATH}`,
      `GET ${API_PATHS.whoami}`,
    ]);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({ slug: 'globex' });
  });

  it('only reloads whoami and goes home when the organisation was switched elsewhere', async () => {
    fetchMock.mockImplementation(() => reply(200, whoamiFor(['editor'])));
    const { router } = open('/organizations/orgs-switched');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => `${init.method} ${url}`)).toEqual([`GET ${API_PATHS.whoami}`]);
  });

  it("shows the server's message when the switch is refused, with a way home", async () => {
    fetchMock.mockImplementation(() =>
      reply(404, { statusCode: 404, code: 'organization_not_found', message: "You are not a member of the organization 'x'" }),
    );
    const { router } = open('/organizations/orgs-switched?slug=x');
    expect(await screen.findByTestId('orgs-switched-error')).toHaveTextContent("You are not a member of the organization 'x'");
    expect(router.state.location.pathname).toBe('/organizations/orgs-switched');
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});
