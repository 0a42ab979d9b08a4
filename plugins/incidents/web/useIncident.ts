import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@web/core/api';
import { incidentDetailKey, incidentHistoryKey } from './incidentsApi';
import type { Incident } from './types';

export const DELIVERY_POLL_MS = 3000;

/** Responders are delivered by a background job: re-read until none is pending, so the external id shows up. */
function whileDelivering(latest: Incident[] | undefined): number {
  const pending = latest?.[0]?.responders?.some((r) => !r.deleted_at && r.status === 'pending');
  return pending ? DELIVERY_POLL_MS : 0;
}

/** The incident with everything the detail page shows; `refresh` re-reads it and its changelog. */
export function useIncident(id: string) {
  const key = incidentDetailKey(id);
  const { mutate } = useSWRConfig();
  // A number, not a function: SWR reads a function only when its polling effect restarts, so a delivery that
  // becomes pending after the first load would never be polled. A changing number restarts the effect.
  const [pollMs, setPollMs] = useState(0);
  const { data, error, isLoading } = useSWR<Incident[], ApiError>(key, { refreshInterval: pollMs });
  useEffect(() => setPollMs(whileDelivering(data)), [data]);
  const refresh = useCallback(() => Promise.all([mutate(key), mutate(incidentHistoryKey(id))]), [mutate, key, id]);
  return { incident: data?.[0], error, isLoading, refresh };
}
