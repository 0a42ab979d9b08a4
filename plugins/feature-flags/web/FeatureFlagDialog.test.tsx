import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Property } from '@contracts';
import { useFeatures } from '@web/core/features';
import { TestProviders, cannedFetcher, featuresWith } from '@web/core/testing/TestProviders';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import { jsonResponse } from '@web/core/testing/jsonResponse';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

const apiFlag: Property = {
  name: 'incidents.disable',
  value: 'true',
  description: 'Hide incidents',
  source: 'api',
  created_by: 'u1',
  creator: { id: 'u1', name: 'Ada Admin', avatar: null },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: null,
};

/** Something else on screen that shows feature states, like the sidebar. */
function FeatureProbe() {
  const { isEnabled, isLoading } = useFeatures();
  return <span data-testid="probe">{isLoading ? 'loading' : `logs ${isEnabled('logs') ? 'on' : 'off'}`}</span>;
}

function openDialog(flag: Property | null, { canWrite = true, probe = false } = {}) {
  const onClose = jest.fn();
  const fetcher = jest.fn(cannedFetcher({ '/api/features': featuresWith(), '/api/properties': [] }));
  render(
    <TestProviders fetcher={fetcher}>
      {probe && <FeatureProbe />}
      <FeatureFlagDialog open flag={flag} canWrite={canWrite} onClose={onClose} />
    </TestProviders>,
  );
  return { onClose, fetcher };
}

describe('FeatureFlagDialog', () => {
  it('asks for all details when name or value is missing, without calling the server', async () => {
    openDialog(null);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'logs.disable' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('please provide all details')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds a flag and says so', async () => {
    fetchMock.mockImplementation(() => jsonResponse(201, { ...apiFlag, name: 'logs.disable' }));
    const { onClose, fetcher } = openDialog(null, { probe: true });
    expect(await screen.findByText('logs on')).toBeInTheDocument();
    fetcher.mockImplementation(cannedFetcher({ '/api/features': featuresWith(['logs']) }));
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: ' logs.disable ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Value/ }), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Feature flag added successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/properties');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ name: 'logs.disable', value: 'true', description: null });
    expect(onClose).toHaveBeenCalled();
    // The feature states are fetched again, so the sidebar follows at once.
    expect(await screen.findByText('logs off')).toBeInTheDocument();
  });

  it("shows the server's message when saving fails and stays open", async () => {
    fetchMock.mockImplementation(() => jsonResponse(400, { statusCode: 400, code: 'BAD_REQUEST', message: 'Cannot edit local feature flags' }));
    const { onClose } = openDialog(apiFlag);
    fireEvent.change(screen.getByRole('textbox', { name: /Value/ }), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Cannot edit local feature flags')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/properties?name=incidents.disable');
    expect(init.method).toBe('PATCH');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows local flags read-only', () => {
    openDialog({ ...apiFlag, source: 'local' });
    expect(screen.getByText('Cannot edit local feature flags')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Value/ })).toBeDisabled();
  });

  it('deletes after confirmation', async () => {
    fetchMock.mockImplementation(() => Promise.resolve({ ok: true, status: 204, headers: { get: () => null }, text: () => Promise.resolve('') }));
    openDialog(apiFlag);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fetchMock).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText("Delete the feature flag 'incidents.disable'?")).toBeInTheDocument();
    // A browser moves focus into the prompt as it opens; jsdom under load sometimes misses that, and
    // Fluent's focus manager decides which modal is on top from where focus is.
    act(() => within(confirm).getByRole('button', { name: 'Cancel', hidden: true }).focus());
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-hidden'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/properties?name=incidents.disable', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByText('Feature flag removed successfully')).toBeInTheDocument();
  });

  it('offers no save to users without write permission', () => {
    openDialog(apiFlag, { canWrite: false });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
