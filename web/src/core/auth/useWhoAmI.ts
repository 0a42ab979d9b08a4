import useSWR from 'swr';
import type { WhoAmI } from '@contracts';
import { API_PATHS, type ApiError } from '@web/core/api';

/** The signed-in user; never cached across sessions (the roles query is never cached: spec 01 §9). */
export function useWhoAmI() {
  const { data, error, isLoading, mutate } = useSWR<WhoAmI, ApiError>(API_PATHS.whoami, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { whoami: data, error, isLoading, mutate };
}
