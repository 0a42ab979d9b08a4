import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { SCRAPE_COUNTS, type ScrapeSummaryCounts } from './types';

/** A scrape summary per config type: Added, Updated, Unchanged, Changes, Deduped, Deleted. */
export function ScrapeSummary({ summary, size = 'small' }: { summary: ScrapeSummaryCounts; size?: 'small' | 'extra-small' }) {
  return (
    <Table size={size} aria-label="Scrape summary">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Config type</TableHeaderCell>
          {SCRAPE_COUNTS.map((count) => (
            <TableHeaderCell key={count}>{count[0].toUpperCase() + count.slice(1)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {Object.entries(summary).map(([type, counts]) => (
          <TableRow key={type}>
            <TableCell>{type}</TableCell>
            {SCRAPE_COUNTS.map((count) => (
              <TableCell key={count}>{typeof counts?.[count] === 'number' ? counts[count] : 0}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
