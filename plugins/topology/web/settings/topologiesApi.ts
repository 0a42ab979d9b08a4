import type { TopologyDocument, TopologyRunResult } from '@contracts';
import { ApiError, http, isApiError } from '@web/core/api';
import { describeProblem } from '@web/core/editor/YamlCodeTab';
import type { ValidationError } from '@web/core/editor/useYamlValidation';

export const TOPOLOGIES_SETTINGS_PATH = '/settings/topologies';
export const NEW_TOPOLOGY_ID = 'new';
/** The list view, refreshed after a save or delete. */
export const TOPOLOGIES_VIEW = 'topologies_with_status';
export const topologySettingsPath = (id: string) => `${TOPOLOGIES_SETTINGS_PATH}/${encodeURIComponent(id)}`;

/** `job_history.resource_type` of a topology's runs (spec 03 §9 resource types map). */
export const TOPOLOGY_RESOURCE_TYPE = 'topology';

export const topologyKey = (id: string) => `/api/topologies/${encodeURIComponent(id)}`;

/**
 * A save's 400 (`invalid_topology`) with each problem and its line in the message, so the editor's save error says
 * where. The problems come from the answer's `details.problems` when it has them, else from the validate endpoint for
 * the same text (it places each problem in the YAML); other failures, or no placed problems, pass through unchanged.
 */
export async function withProblemLines(error: unknown, yaml: string): Promise<unknown> {
  if (!isApiError(error) || error.status !== 400 || error.code !== 'invalid_topology') return error;
  let problems = problemsOf(error);
  if (!problems.length) {
    try {
      problems = (await validateTopology(yaml))?.errors ?? [];
    } catch {
      return error;
    }
  }
  if (!problems.some((problem) => problem.line !== undefined)) return error;
  return new ApiError(problems.map(describeProblem).join('; '), { kind: error.kind, status: error.status, code: error.code, body: error.body });
}

/** `details.problems` of a 400 answer (`[{message, path, line, column}]`); none for anything else. */
export function problemsOf(error: unknown): ValidationError[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const details = (error.body as { details?: { problems?: unknown } } | null)?.details;
  const problems = Array.isArray(details?.problems) ? details.problems : [];
  return problems.filter((p): p is ValidationError => typeof p === 'object' && p !== null && typeof (p as ValidationError).message === 'string');
}

const saving = async <T>(yaml: string, call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (error) {
    throw await withProblemLines(error, yaml);
  }
};

/** Create and update send the document as written (`{yaml}`). */
export const createTopology = (yaml: string) => saving(yaml, http.post<TopologyDocument>('/api/topologies', { yaml }));
export const updateTopology = (id: string, yaml: string) => saving(yaml, http.put<TopologyDocument>(topologyKey(id), { yaml }));
/** Soft delete (spec 03 §4). */
export const deleteTopology = (id: string) => http.delete<void>(topologyKey(id));
export const validateTopology = (yaml: string) => http.post<{ errors: ValidationError[] }>('/api/topologies/validate', { yaml });

/** A run may take as long as its lookups do: the call waits for the run's end (409 while one is under way). */
const RUN_TIMEOUT_MS = 6 * 60_000;
export const runTopology = (id: string) => http.post<TopologyRunResult>(`${topologyKey(id)}/run`, undefined, { timeoutMs: RUN_TIMEOUT_MS });
