import { HYPOTHESIS_STATUSES } from '@contracts';
import type { Hypothesis, HypothesisType } from './types';

export const NO_TITLE = '(no title)';
export const TITLE_DEBOUNCE_MS = 1000;
export const STATUS_DEBOUNCE_MS = 200;
export const NEW_HYPOTHESIS_STATUS = 'possible';

export const HYPOTHESIS_STATUS_OPTIONS = HYPOTHESIS_STATUSES.map((value) => ({
  value,
  label: value[0].toUpperCase() + value.slice(1),
}));

/** The inline control shows Likely when no status is set (spec 01 §4). */
export function shownHypothesisStatus(status: string | null | undefined): string {
  return status || 'likely';
}

export function displayTitle(title: string | null | undefined): string {
  return title?.trim() ? title : NO_TITLE;
}

/** Root, then factor, then solution; solutions have no children. */
export function childType(type: HypothesisType): HypothesisType | null {
  if (type === 'root') return 'factor';
  if (type === 'factor') return 'solution';
  return null;
}

export function childrenOf(all: readonly Hypothesis[], parentId: string | null): Hypothesis[] {
  return all.filter((hypothesis) => (hypothesis.parent_id ?? null) === parentId).sort((a, b) => a.created_at.localeCompare(b.created_at));
}
