import type { SnapshotQuery } from '@contracts';
import { withQuery } from '@web/core/api';
import { handleUnauthorized } from '@web/core/api/unauthorized';

/** Spec 02: what a failed snapshot download says. */
export const SNAPSHOT_ERROR = 'Error downloading file';

/** The name a snapshot is saved under when the server names none (spec 02: '{name}-snapshot.zip'). */
export const snapshotFileName = (componentName: string) => `${componentName}-snapshot.zip`;

/**
 * The file name a `Content-Disposition` header gives: RFC 6266's `filename*` (RFC 5987, UTF-8) first, then
 * `filename`, quoted or not. Path separators are dropped so a name can never point elsewhere. Undefined when absent.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
    if (plain) name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : undefined;
}

/** Saves a blob as a file the browser downloads. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

/**
 * `GET /api/snapshot/topology/{id}?related=&start=`: the zip and the name the server gives it. A plain fetch, not the
 * JSON client, because the answer is binary; any failure rejects (the dialog shows one message for all of them).
 */
export async function fetchSnapshot(componentId: string, query: Required<SnapshotQuery>, signal?: AbortSignal): Promise<{ blob: Blob; fileName?: string }> {
  const response = await fetch(withQuery(`/api/snapshot/topology/${encodeURIComponent(componentId)}`, { related: query.related, start: query.start }), {
    method: 'GET',
    headers: { Accept: 'application/zip' },
    credentials: 'same-origin',
    signal,
  });
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) throw new Error(`snapshot download failed with ${response.status}`);
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}
