import { z } from 'zod';

export const ALL_DETAILS_MESSAGE = 'please provide all details';
export const LOCAL_FLAG_MESSAGE = 'Cannot edit local feature flags';

/** Mirrors the gateway's rule (both name and value are needed); the gateway still decides. */
export const featureFlagSchema = z.object({
  name: z.string().trim().min(1, ALL_DETAILS_MESSAGE),
  value: z.string().trim().min(1, ALL_DETAILS_MESSAGE),
  description: z.string().trim(),
});

export type FeatureFlagForm = z.infer<typeof featureFlagSchema>;
