import { SearchBox as DebouncedSearchBox } from '@web/core/components/SearchBox';

export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';

/** The dashboard's search box (core `SearchBox`): typing shows at once, the query (URL) follows 400 ms after the last keystroke. */
export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  return <DebouncedSearchBox value={value} onChange={onChange} placeholder={SEARCH_PLACEHOLDER} ariaLabel="Search" minWidth={320} />;
}
