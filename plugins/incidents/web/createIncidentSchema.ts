import { z } from 'zod';
import { INCIDENT_STATUSES, INCIDENT_TYPES, SEVERITIES } from '@contracts';

export const REQUIRED_MESSAGE = 'This field is required';

/** Mirrors the server's rules for a new incident (spec 01 §5); the gateway still decides. */
export const createIncidentSchema = z.object({
  title: z.string().trim().min(1, REQUIRED_MESSAGE),
  description: z.string(),
  severity: z.enum(SEVERITIES, { message: REQUIRED_MESSAGE }),
  type: z.enum(INCIDENT_TYPES, { message: REQUIRED_MESSAGE }),
  status: z.enum(INCIDENT_STATUSES, { message: REQUIRED_MESSAGE }),
});

export type CreateIncidentForm = z.infer<typeof createIncidentSchema>;

export const NEW_INCIDENT_DEFAULTS: CreateIncidentForm = {
  title: '',
  description: '',
  severity: 'low',
  type: 'availability',
  status: 'open',
};
