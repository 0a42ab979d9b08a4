import { useCallback } from 'react';
import useSWR from 'swr';
import type { Feature, FeaturesResponse } from '@contracts';
import { API_PATHS, type ApiError } from '@web/core/api';

/** Effective feature states (inheritance applied by the gateway). */
export function useFeatures() {
  const { data, error, isLoading, mutate } = useSWR<FeaturesResponse, ApiError>(API_PATHS.features, {
    revalidateOnFocus: false,
  });
  const features = data?.features;
  /** Unknown until loaded; a feature missing from the answer counts as enabled. */
  const isEnabled = useCallback((feature: Feature) => features?.[feature] !== false, [features]);
  return { features, error, isLoading: isLoading || (!data && !error), isEnabled, revalidate: () => mutate() };
}
