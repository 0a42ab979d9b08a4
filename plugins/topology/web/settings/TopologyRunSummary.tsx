import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { TopologyRunResult } from '@contracts';

const INTENT = { SUCCESS: 'success', WARNING: 'warning', FAILED: 'error' } as const;

/** What a Run Now answered: its status and counts, what it did to components and links, and its errors. */
export function TopologyRunSummary({ result }: { result: TopologyRunResult }) {
  const { created, updated, deleted, checks_linked, configs_linked } = result.summary;
  return (
    <MessageBar intent={INTENT[result.status]} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          Topology run {result.status}: {result.success_count} components, {result.error_count} errors in {result.duration_millis} ms
        </MessageBarTitle>
        <div>
          Components created {created}, updated {updated}, deleted {deleted}; checks linked {checks_linked}, configs linked {configs_linked}
        </div>
        {result.errors.map((error, index) => (
          <div key={index}>{error}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
