import useSWR, { useSWRConfig } from 'swr';
import { type ApiError, isApiError, swrFetcher } from '@web/core/api';
import { NEW_RESOURCE_ID, fetchSettingsResource, settingsResourceKey } from './settingsApi';
import type { SettingsResource, SettingsTable } from './types';

export interface SettingsResourceState {
  resource: SettingsResource | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** No live record with this id (a malformed id, answered 400, is as absent as an unknown one). */
  notFound: boolean;
}

/** The SWR key of one record: the table's own reader's, else the data API's. */
export const resourceKeyOf = (table: SettingsTable, id: string) => table.resource?.key(id) ?? settingsResourceKey(table.id, id);

/** One record of a settings table for its detail page; nothing is read for `new`. */
export function useSettingsResource(table: SettingsTable, id: string): SettingsResourceState {
  const isNew = id === NEW_RESOURCE_ID;
  const key = isNew ? null : resourceKeyOf(table, id);
  // A table's own key is read by the app's fetcher (the one SWR is configured with), unless it has its own reader.
  const appFetcher = (useSWRConfig().fetcher ?? swrFetcher) as (path: string) => Promise<SettingsResource>;
  const fetcher = (path: string) =>
    !table.resource ? fetchSettingsResource(table.id, id) : table.resource.fetch ? table.resource.fetch(id) : appFetcher(path);
  const { data, error, isLoading } = useSWR<SettingsResource | null, ApiError>(key, fetcher, { revalidateOnFocus: false });
  const notFound = !isNew && (data === null || (!data && isApiError(error) && (error.status === 404 || error.status === 400)));
  return { resource: data ?? undefined, error: notFound ? undefined : error, loading: isLoading, notFound };
}
