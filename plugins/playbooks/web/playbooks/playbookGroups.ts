import { DEFAULT_PLAYBOOK_CATEGORY } from '@contracts';
import type { PlaybookRow } from './playbooksApi';

/** What a card of /playbooks shows of a playbook, and how /playbooks groups and filters them (spec 02). */

export const playbookTitle = (playbook: Pick<PlaybookRow, 'title' | 'name' | 'spec'>) => playbook.title || playbook.spec?.title || playbook.name;

/** Its category; none is 'Other'. */
export const playbookCategory = (playbook: Pick<PlaybookRow, 'category' | 'spec'>) =>
  playbook.category?.trim() || playbook.spec?.category?.trim() || DEFAULT_PLAYBOOK_CATEGORY;

export const actionCount = (playbook: Pick<PlaybookRow, 'spec'>) => (Array.isArray(playbook.spec?.actions) ? playbook.spec.actions.length : 0);
export const actionCountText = (count: number) => `${count} ${count === 1 ? 'action' : 'actions'}`;

/** The search box's rule: every word appears in the title, name, description or category (case does not matter). */
export function matchesSearch(playbook: PlaybookRow, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [playbookTitle(playbook), playbook.name, playbook.description ?? playbook.spec?.description ?? '', playbookCategory(playbook)]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface PlaybookGroup {
  category: string;
  playbooks: PlaybookRow[];
}

/** Cards by category: categories alphabetical with 'Other' last, cards by title within each. */
export function groupPlaybooks(playbooks: readonly PlaybookRow[]): PlaybookGroup[] {
  const groups = new Map<string, PlaybookRow[]>();
  for (const playbook of playbooks) {
    const category = playbookCategory(playbook);
    groups.set(category, [...(groups.get(category) ?? []), playbook]);
  }
  const rank = (category: string) => (category === DEFAULT_PLAYBOOK_CATEGORY ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, rows]) => ({ category, playbooks: [...rows].sort((a, b) => playbookTitle(a).localeCompare(playbookTitle(b))) }));
}
