import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ScrapeRunResult } from '@contracts';
import { ScrapeSummary } from '@web/core/jobs';

const INTENT = { SUCCESS: 'success', WARNING: 'warning', FAILED: 'error' } as const;

/** What a Run Now answered: its status, counts and errors, and the scrape summary per config type. */
export function ScrapeRunSummary({ result }: { result: ScrapeRunResult }) {
  return (
    <MessageBar intent={INTENT[result.status]} layout="multiline" aria-label="Scrape result">
      <MessageBarBody>
        <MessageBarTitle>
          Scrape {result.status}: {result.success_count} scraped, {result.error_count} errors in {result.duration_millis} ms
        </MessageBarTitle>
        {result.errors.map((error, index) => (
          <div key={index}>{error}</div>
        ))}
        {Object.keys(result.scrape_summary ?? {}).length > 0 && <ScrapeSummary summary={result.scrape_summary} size="extra-small" />}
      </MessageBarBody>
    </MessageBar>
  );
}
