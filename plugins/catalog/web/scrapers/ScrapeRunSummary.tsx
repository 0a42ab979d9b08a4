import { MessageBar, MessageBarBody, MessageBarTitle, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ScrapeRunResult } from '@contracts';

const COUNTS = ['added', 'updated', 'unchanged', 'changes', 'deduped', 'deleted'] as const;
const INTENT = { SUCCESS: 'success', WARNING: 'warning', FAILED: 'error' } as const;

/** What a Run Now answered: its status, counts and errors, and the scrape summary per config type. */
export function ScrapeRunSummary({ result }: { result: ScrapeRunResult }) {
  const types = Object.entries(result.scrape_summary ?? {});
  return (
    <MessageBar intent={INTENT[result.status]} layout="multiline" aria-label="Scrape result">
      <MessageBarBody>
        <MessageBarTitle>
          Scrape {result.status}: {result.success_count} scraped, {result.error_count} errors in {result.duration_millis} ms
        </MessageBarTitle>
        {result.errors.map((error, index) => (
          <div key={index}>{error}</div>
        ))}
        {types.length > 0 && (
          <Table size="extra-small" aria-label="Scrape summary">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Config type</TableHeaderCell>
                {COUNTS.map((count) => (
                  <TableHeaderCell key={count}>{count[0].toUpperCase() + count.slice(1)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {types.map(([type, summary]) => (
                <TableRow key={type}>
                  <TableCell>{type}</TableCell>
                  {COUNTS.map((count) => (
                    <TableCell key={count}>{summary[count]}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
