import { http } from './httpClient';

/** The one SWR fetcher: keys are API paths (with their query string), values the parsed JSON. */
export function swrFetcher<T>(key: string): Promise<T> {
  return http.get<T>(key);
}
