import { useState } from 'react';
import { Body1, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';
import { JobErrors, detailText } from './JobErrors';
import { JOB_DETAILS_TABS, type JobDetailsTab, jobDetailsContent, jobDetailsTabs } from './jobStatus';
import { ScrapeSummary } from './ScrapeSummary';
import type { JobDetailsSubject, ScrapeSummaryCounts } from './types';

export const NO_DETAILS_MESSAGE = 'No details found';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pre: { margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

export interface JobDetailsModalProps {
  /** A job_history row (or a settings row's latest job); null: closed. */
  job: JobDetailsSubject | null;
  onClose(): void;
}

function titleOf(job: JobDetailsSubject | null): string {
  if (!job?.name) return 'Job details';
  return job.resource_name ? `${job.name}: ${job.resource_name}` : job.name;
}

/**
 * A job's details (spec 03 §2): tabs Errors, Scrape Summary and Reconcile Summary, only those with content, the first
 * of them open; 'No details found' (without tabs) when the job has none.
 */
export function JobDetailsModal({ job, onClose }: JobDetailsModalProps) {
  return (
    <Dialog open={job !== null} title={titleOf(job)} onClose={onClose} size="large">
      {/* keyed: another job opens on its own first tab */}
      {job && <JobDetailsBody key={JSON.stringify(job.details ?? null)} details={job.details} />}
    </Dialog>
  );
}

function JobDetailsBody({ details }: { details: unknown }) {
  const styles = useStyles();
  const tabs = jobDetailsTabs(details);
  const [selected, setSelected] = useState<JobDetailsTab | undefined>(tabs[0]);
  if (!selected) return <Body1>{NO_DETAILS_MESSAGE}</Body1>;
  const content = jobDetailsContent(details, selected);
  return (
    <div className={styles.body}>
      <TabList selectedValue={selected} onTabSelect={(_, data) => setSelected(data.value as JobDetailsTab)}>
        {JOB_DETAILS_TABS.filter((tab) => tabs.includes(tab.value)).map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={JOB_DETAILS_TABS.find((tab) => tab.value === selected)!.label}>
        {selected === 'errors' ? (
          <JobErrors errors={content} />
        ) : selected === 'scrape' && isScrapeSummary(content) ? (
          <ScrapeSummary summary={content} />
        ) : (
          <pre className={styles.pre}>{detailText(content)}</pre>
        )}
      </div>
    </div>
  );
}

/** A scrape summary is a map of config type → counts; anything else is shown as JSON. */
function isScrapeSummary(value: unknown): value is ScrapeSummaryCounts {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((counts) => !!counts && typeof counts === 'object' && !Array.isArray(counts))
  );
}
