/** Test helpers (tests only): render inside the app's providers with canned API answers, no network. */
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ALL_FEATURES, type Feature, type Role, type WhoAmI, permissionsFor } from '@contracts';
import { API_PATHS, ApiError } from '@web/core/api';
import { Toasts } from '@web/core/components/Toasts';
import { ThemeProvider } from '@web/core/theme/ThemeProvider';

export function whoamiFor(roles: Role[]): WhoAmI {
  return {
    user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null },
    roles,
    permissions: permissionsFor(roles),
  };
}

export function featuresWith(disabled: Feature[] = []) {
  return { features: Object.fromEntries(ALL_FEATURES.map((f) => [f, !disabled.includes(f)])) };
}

/** An SWR fetcher answering from a table of canned responses; unknown keys fail with a 404. */
export function cannedFetcher(responses: Record<string, unknown>) {
  return (key: string) => (key in responses ? Promise.resolve(responses[key]) : Promise.reject(new ApiError('Not found', { kind: 'http', status: 404 })));
}

export interface TestProvidersProps {
  responses?: Record<string, unknown>;
  /** Overrides the canned fetcher, e.g. a jest.fn to count requests. */
  fetcher?: (key: string) => Promise<unknown>;
  children: ReactNode;
}

export function TestProviders({ responses = {}, fetcher, children }: TestProvidersProps) {
  return (
    <ThemeProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: fetcher ?? cannedFetcher(responses), dedupingInterval: 0, shouldRetryOnError: false }}>
        {children}
        <Toasts />
      </SWRConfig>
    </ThemeProvider>
  );
}

export function signedIn(roles: Role[], extra: Record<string, unknown> = {}, disabled: Feature[] = []) {
  return { [API_PATHS.whoami]: whoamiFor(roles), [API_PATHS.features]: featuresWith(disabled), [API_PATHS.about]: { version: '9.9.9' }, ...extra };
}
