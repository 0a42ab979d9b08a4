import { z } from 'zod';
import { AGENT_DEFAULT_SCRAPE_INTERVAL, AGENT_SCRAPE_INTERVALS, type AgentFormValues } from '@contracts';

export const REQUIRED_MESSAGE = 'This field is required';

/** The drawer's fields as the form holds them: properties as rows, settings as on/off. */
export interface AgentFormState {
  name: string;
  properties: { key: string; value: string }[];
  kubernetesEnabled: boolean;
  interval: string;
  telemetryEnabled: boolean;
  label: string;
}

export const agentFormSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE),
  properties: z.array(z.object({ key: z.string(), value: z.string() })),
  kubernetesEnabled: z.boolean(),
  interval: z.string().refine((value) => (AGENT_SCRAPE_INTERVALS as readonly string[]).includes(value), 'Pick an interval of the list'),
  telemetryEnabled: z.boolean(),
  label: z.string(),
});

export const EMPTY_AGENT_FORM: AgentFormState = {
  name: '',
  properties: [],
  kubernetesEnabled: true,
  interval: AGENT_DEFAULT_SCRAPE_INTERVAL,
  telemetryEnabled: false,
  label: '',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored agent's `properties` (labels plus `kubernetes` and `pushTelemetry`) as the drawer's fields. */
export function formStateOf(agent: { name: string; properties: Record<string, unknown> | null }): AgentFormState {
  const stored = agent.properties ?? {};
  const kubernetes = isObject(stored.kubernetes) ? stored.kubernetes : null;
  const telemetry = isObject(stored.pushTelemetry) ? stored.pushTelemetry : null;
  return {
    name: agent.name,
    properties: Object.entries(stored)
      .filter(([, value]) => typeof value === 'string')
      .map(([key, value]) => ({ key, value: value as string })),
    kubernetesEnabled: kubernetes ? kubernetes.enabled === true : false,
    interval: typeof kubernetes?.interval === 'string' ? kubernetes.interval : AGENT_DEFAULT_SCRAPE_INTERVAL,
    telemetryEnabled: telemetry ? telemetry.enabled === true : false,
    label: typeof telemetry?.topologyName === 'string' ? telemetry.topologyName : '',
  };
}

/** The drawer's fields as AgentFormValues (rows with an empty key are dropped). */
export function formValuesOf(state: AgentFormState): AgentFormValues {
  const properties: Record<string, string> = {};
  for (const { key, value } of state.properties) if (key.trim()) properties[key.trim()] = value;
  return {
    name: state.name.trim(),
    properties,
    kubernetes: { enabled: state.kubernetesEnabled, interval: state.interval },
    pushTelemetry: { enabled: state.telemetryEnabled, ...(state.telemetryEnabled && state.label.trim() ? { topologyName: state.label.trim() } : {}) },
  };
}
