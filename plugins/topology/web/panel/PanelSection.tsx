import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AccordionHeader, AccordionItem, AccordionPanel, Badge, Button, Caption1, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import useSWR, { type SWRResponse } from 'swr';
import { type CountedRows, errorMessage } from '@web/core/api';
import { PANEL_PAGE_SIZE, type PanelRows, type PanelSection as Section, fetchSectionPage, panelKey } from './componentApi';

/** Spec 02 §9: the next page loads when the list end comes within 300 px. */
const LOAD_MORE_MARGIN = '300px';
export const EMPTY_SECTION = 'No data available';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexGrow: 1 },
  title: { fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  note: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  more: { alignSelf: 'flex-start' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
});

/** The first page of a section's list with its total (the header's count); `enabled` false reads nothing. */
export function useSectionPage<S extends Section>(section: S, componentId: string, enabled = true): SWRResponse<CountedRows<PanelRows[S]>> {
  return useSWR(enabled ? panelKey(section, componentId, 0) : null, fetchSectionPage<S>);
}

/**
 * One collapsible section of the panel: its title and count in the header (a dash while unknown), its content below.
 * `value` names it in the accordion's open items.
 */
export function PanelSection({
  value,
  title,
  count,
  showCount = true,
  actions,
  children,
}: {
  value: string;
  title: string;
  count?: number;
  /** Details has no count. */
  showCount?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <AccordionItem value={value}>
      <AccordionHeader expandIconPosition="end" data-testid={`section-${value}`}>
        <span className={styles.header}>
          <span className={styles.title}>{title}</span>
          {showCount && (
            <Badge appearance="tint" color="informative" shape="rounded" data-testid={`count-${value}`}>
              {count === undefined ? '–' : count}
            </Badge>
          )}
        </span>
      </AccordionHeader>
      <AccordionPanel>
        <div className={styles.body}>
          {actions}
          {children}
        </div>
      </AccordionPanel>
    </AccordionItem>
  );
}

function ExtraPage<S extends Section>({
  section,
  componentId,
  page,
  renderRow,
  onLoaded,
}: {
  section: S;
  componentId: string;
  page: number;
  renderRow(row: PanelRows[S]): ReactNode;
  onLoaded(page: number): void;
}) {
  const styles = useStyles();
  const { data, error } = useSWR(panelKey(section, componentId, page), fetchSectionPage<S>);
  useEffect(() => {
    if (data) onLoaded(page);
  }, [data, page, onLoaded]);
  if (error)
    return (
      <li>
        <Caption1 className={styles.error}>{errorMessage(error)}</Caption1>
      </li>
    );
  if (!data)
    return (
      <li>
        <Spinner size="tiny" label="Loading..." />
      </li>
    );
  return <>{data.rows.map(renderRow)}</>;
}

/** 'Load more', also pressed by itself when it scrolls within 300 px of view (where the browser can tell). */
function LoadMore({ onLoad }: { onLoad(): void }) {
  const styles = useStyles();
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(onLoad);
  latest.current = onLoad;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), { rootMargin: LOAD_MORE_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Button ref={ref} className={styles.more} size="small" appearance="subtle" onClick={() => latest.current()}>
      Load more
    </Button>
  );
}

/**
 * A section's list: the first page (already read for the count), then further pages of 50 as the user asks for
 * them. Empty and failed reads say so.
 */
export function SectionList<S extends Section>({
  section,
  componentId,
  first,
  renderRow,
  label,
}: {
  section: S;
  componentId: string;
  first: SWRResponse<CountedRows<PanelRows[S]>>;
  renderRow(row: PanelRows[S]): ReactNode;
  label: string;
}) {
  const styles = useStyles();
  const [pages, setPages] = useState(1);
  const [loaded, setLoaded] = useState(1);
  const onLoaded = useRef((page: number) => setLoaded((count) => Math.max(count, page + 1))).current;
  if (first.error) return <Caption1 className={styles.error}>{errorMessage(first.error)}</Caption1>;
  if (!first.data) return <Spinner size="tiny" label="Loading..." />;
  if (!first.data.rows.length) return <Caption1 className={styles.note}>{EMPTY_SECTION}</Caption1>;
  const extra = Array.from({ length: pages - 1 }, (_, index) => index + 1);
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {first.data.rows.map(renderRow)}
        {extra.map((page) => (
          <ExtraPage key={page} section={section} componentId={componentId} page={page} renderRow={renderRow} onLoaded={onLoaded} />
        ))}
      </ul>
      {loaded === pages && pages * PANEL_PAGE_SIZE < first.data.total && <LoadMore onLoad={() => setPages((count) => count + 1)} />}
    </>
  );
}
