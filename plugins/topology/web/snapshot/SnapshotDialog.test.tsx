import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPanelUi } from '../menu/testing';
import { SNAPSHOT_RANGES, SnapshotDialog, timeRangeText } from './SnapshotDialog';
import { fileNameFromDisposition } from './snapshotDownload';

interface SnapshotCall {
  url: string;
  method: string;
}

/**
 * Stubs `fetch` for the snapshot endpoint: a binary answer (the JSON stubFetch cannot give one) with its status and
 * headers; `hold` keeps it in flight until released.
 */
function stubSnapshot({ status = 200, headers = {} as Record<string, string>, body = 'PK\u0003\u0004zip', hold = false } = {}) {
  const calls: SnapshotCall[] = [];
  let release: () => void = () => undefined;
  const gate = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  globalThis.fetch = jest.fn(async (input: string, init: { method?: string } = {}) => {
    calls.push({ url: decodeURIComponent(String(input)), method: init.method ?? 'GET' });
    await gate;
    return {
      ok: status < 300,
      status,
      headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
      blob: () => Promise.resolve(new Blob([body], { type: 'application/zip' })),
      text: () => Promise.resolve(body),
    };
  }) as unknown as typeof fetch;
  return { calls, release: () => release() };
}

/** Captures what the dialog saves: the anchor's download name and the blob behind its address. */
function captureDownloads() {
  const saved: { name: string; blob: Blob | undefined }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:snapshot-${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return { saved, restore: () => click.mockRestore() };
}

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function openDialog() {
  const onClose = jest.fn();
  renderPanelUi(<SnapshotDialog open component={{ id: 'c1', name: 'checkout' }} onClose={onClose} />);
  return onClose;
}

// Role queries say `hidden: true`: in jsdom, Fluent's focus trap (tabster) can mark the open dialog aria-hidden.
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('snapshot dialog', () => {
  let downloads: ReturnType<typeof captureDownloads>;
  beforeEach(() => (downloads = captureDownloads()));
  afterEach(() => downloads.restore());

  it('starts at the first time range without related components and downloads under the name the server gives', async () => {
    const api = stubSnapshot({ headers: { 'Content-Disposition': 'attachment; filename="checkout-snapshot.zip"' } });
    const onClose = openDialog();
    expect(button('Time range: Last 15 minutes')).toHaveTextContent('Last 15 minutes');
    expect(screen.getByRole('switch', { name: 'Include related components', hidden: true })).not.toBeChecked();
    fireEvent.click(button('Download'));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(api.calls).toEqual([{ url: '/api/snapshot/topology/c1?related=false&start=now-15m', method: 'GET' }]);
    expect(downloads.saved[0].name).toBe('checkout-snapshot.zip');
    expect(await readBlob(downloads.saved[0].blob!)).toBe('PK\u0003\u0004zip');
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
  });

  it('reads the UTF-8 file name (filename*) before the plain one', async () => {
    stubSnapshot({ headers: { 'content-disposition': 'attachment; filename="x.zip"; filename*=UTF-8\'\'caf%C3%A9-snapshot.zip' } });
    openDialog();
    fireEvent.click(button('Download'));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0].name).toBe('café-snapshot.zip');
  });

  it('names the zip after the component when the server does not', async () => {
    stubSnapshot();
    openDialog();
    fireEvent.click(button('Download'));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0].name).toBe('checkout-snapshot.zip');
  });

  it('sends the chosen range and related components', async () => {
    const api = stubSnapshot();
    openDialog();
    fireEvent.click(button('Time range: Last 15 minutes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 2 days', hidden: true }));
    fireEvent.click(screen.getByRole('switch', { name: 'Include related components', hidden: true }));
    fireEvent.click(button('Download'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].url).toBe('/api/snapshot/topology/c1?related=true&start=now-2d');
  });

  it('is busy while the zip downloads', async () => {
    const api = stubSnapshot({ hold: true });
    openDialog();
    fireEvent.click(button('Download'));
    expect(await screen.findByRole('button', { name: 'Downloading...', hidden: true })).toBeDisabled();
    fireEvent.click(button('Downloading...'));
    expect(api.calls).toHaveLength(1);
    api.release();
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
  });

  it("says 'Error downloading file' when the server fails, saves nothing and stays open", async () => {
    stubSnapshot({ status: 500, body: '{"message":"boom"}', headers: { 'content-type': 'application/json' } });
    const onClose = openDialog();
    fireEvent.click(button('Download'));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Error downloading file');
    expect(downloads.saved).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Download')).toBeEnabled();
  });

  it("says 'Error downloading file' when the network fails", async () => {
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    openDialog();
    fireEvent.click(button('Download'));
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Error downloading file');
    expect(screen.queryByTestId('toast-success')).not.toBeInTheDocument();
  });
});

describe('snapshot time ranges and file names', () => {
  it('offers the spec time ranges, first 15 minutes', () => {
    expect(SNAPSHOT_RANGES[0]).toEqual({ value: 'now-15m', label: 'Last 15 minutes' });
    expect(SNAPSHOT_RANGES.map((r) => r.value)).toContain('now-5y');
    expect(timeRangeText('1h')).toBe('Last 1 hour');
    expect(timeRangeText('3mo')).toBe('Last 3 months');
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.zip"')).toBe('a b.zip');
    expect(fileNameFromDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(fileNameFromDisposition('attachment; filename="q\\"uote.zip"')).toBe('q"uote.zip');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E2%82%AC.zip")).toBe('€.zip');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
