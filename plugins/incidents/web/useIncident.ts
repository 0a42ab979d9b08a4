import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@web/core/api';
import { incidentDetailKey, incidentHistoryKey } from './incidentsApi';
import type { Incident } from './types';

/** The incident with everything the detail page shows; `refresh` re-reads it and its changelog. */
export function useIncident(id: string) {
  const key = incidentDetailKey(id);
  const { mutate } = useSWRConfig();
  const { data, error, isLoading } = useSWR<Incident[], ApiError>(key);
  const refresh = useCallback(() => Promise.all([mutate(key), mutate(incidentHistoryKey(id))]), [mutate, key, id]);
  return { incident: data?.[0], error, isLoading, refresh };
}
