import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CARD_SIZES, CARD_WIDTH_RANGE, type CardSize } from '@contracts';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { useQueryState } from '@web/core/hooks/useQueryState';
import type { TopologyView } from '../topologyApi';
import type { SortOrder } from './ordering';

export interface TopologySort {
  sortBy: string;
  sortOrder: SortOrder;
}

/**
 * Spec 02: "Default sort is status descending in the URL and ascending from storage." A link that names a sort
 * field or order is read from the URL, each missing half taking the URL's default; a URL with neither falls back to
 * the browser's stored choice, whose default is status ascending. Both order the cards unhealthy first (see
 * orderComponents); the order applies within a health.
 */
export const URL_DEFAULT_SORT: TopologySort = { sortBy: 'status', sortOrder: 'desc' };
export const STORED_DEFAULT_SORT: TopologySort = { sortBy: 'status', sortOrder: 'asc' };
export const SORT_STORAGE_KEY = 'topology.sort';
export const CARD_WIDTH_STORAGE_KEY = 'topology.cardWidth';
/** The grid's cards are this size until the user picks another. */
export const DEFAULT_CARD_SIZE: CardSize = 'large';

const isOrder = (value: string | null): value is SortOrder => value === 'asc' || value === 'desc';

/** A stored sort that is not one (edited by hand, an older shape) is the default. */
function validSort(value: unknown): TopologySort {
  const sort = value as Partial<TopologySort> | null;
  if (!sort || typeof sort.sortBy !== 'string' || !sort.sortBy || !isOrder(sort.sortOrder ?? null)) return STORED_DEFAULT_SORT;
  return { sortBy: sort.sortBy, sortOrder: sort.sortOrder as SortOrder };
}

/** The sort of the grid: from the URL when it names one, else from storage; a choice is written to both. */
export function useTopologySort(): [TopologySort, (next: TopologySort) => void] {
  const [params] = useSearchParams();
  const [, setSortBy] = useQueryState('sortBy', URL_DEFAULT_SORT.sortBy);
  const [, setSortOrder] = useQueryState('sortOrder', URL_DEFAULT_SORT.sortOrder);
  const [stored, setStored] = useLocalStorage<TopologySort>(SORT_STORAGE_KEY, STORED_DEFAULT_SORT);
  const urlSortBy = params.get('sortBy');
  const urlSortOrder = params.get('sortOrder');
  const fromUrl = urlSortBy !== null || urlSortOrder !== null;
  const sort: TopologySort = fromUrl
    ? { sortBy: urlSortBy || URL_DEFAULT_SORT.sortBy, sortOrder: isOrder(urlSortOrder) ? urlSortOrder : URL_DEFAULT_SORT.sortOrder }
    : validSort(stored);
  const setSort = useCallback(
    (next: TopologySort) => {
      setStored(next);
      // Written as they are (the URL's defaults drop out of it); a link then carries the choice.
      setSortBy(next.sortBy);
      setSortOrder(next.sortOrder);
    },
    [setStored, setSortBy, setSortOrder],
  );
  return [sort, setSort];
}

/** The URL's filters (spec 02 Topology): health (`status`), type, team, labels; lists are comma-separated. */
export function useTopologyFilters() {
  const [status, setStatus] = useQueryState('status', '');
  const [type, setType] = useQueryState('type', '');
  const [team, setTeam] = useQueryState('team', '');
  const [labels, setLabels] = useQueryState('labels', '');
  const list = (setter: (value: string | null) => void) => (values: readonly string[]) => setter(values.length ? values.join(',') : null);
  return {
    status,
    type,
    team,
    labels,
    setStatus: list(setStatus),
    setType: list(setType),
    setTeam: list(setTeam),
    setLabels: list(setLabels),
  };
}

export type TopologyFiltersState = ReturnType<typeof useTopologyFilters>;

export const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The card width in px, kept in browser storage: set by the size picker or the slider. */
export function useCardWidth(): [number, (width: number) => void] {
  const [stored, setStored] = useLocalStorage<number>(CARD_WIDTH_STORAGE_KEY, CARD_SIZES[DEFAULT_CARD_SIZE]);
  const width = typeof stored === 'number' && Number.isFinite(stored) ? stored : CARD_SIZES[DEFAULT_CARD_SIZE];
  return [width, setStored];
}

/** The size whose width this is, if any (the picker shows it). */
export function sizeOfWidth(width: number): CardSize | undefined {
  return (Object.keys(CARD_SIZES) as CardSize[]).find((size) => CARD_SIZES[size] === width);
}

/** Clamped to the slider's range and step. */
export function sliderWidth(width: number): number {
  const clamped = Math.min(Math.max(width, CARD_WIDTH_RANGE.min), CARD_WIDTH_RANGE.max);
  return CARD_WIDTH_RANGE.min + Math.round((clamped - CARD_WIDTH_RANGE.min) / CARD_WIDTH_RANGE.step) * CARD_WIDTH_RANGE.step;
}

/** Everything the grid's read depends on. */
export function useTopologyView(id: string | undefined): {
  view: TopologyView;
  filters: TopologyFiltersState;
  sort: TopologySort;
  setSort(next: TopologySort): void;
} {
  const filters = useTopologyFilters();
  const [sort, setSort] = useTopologySort();
  const [agentId] = useQueryState('agent_id', '');
  const view: TopologyView = {
    id,
    status: filters.status,
    type: filters.type,
    team: filters.team,
    labels: filters.labels,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
    ...(agentId ? { agent_id: agentId } : {}),
  };
  return { view, filters, sort, setSort };
}
