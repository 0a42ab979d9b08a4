import { useCallback, useEffect, useMemo, useState } from 'react';
import { Caption1, Dropdown, MessageBar, MessageBarBody, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { TextBulletListSquare20Regular } from '@fluentui/react-icons';
import { LOG_RESULTS_MAX, type LogSearchRequest } from '@contracts';
import { errorMessage } from '@web/core/api';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { EmptyState } from '@web/core/components/EmptyState';
import { TimeRangePicker } from '@web/core/components/TimeRangePicker';
import { SearchBox } from '@web/core/components/SearchBox';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { AttachLogsButton } from '../logs/AttachLogsButton';
import { ComponentPicker } from '../logs/ComponentPicker';
import { LogsTable } from '../logs/LogsTable';
import { componentKey, componentsKey, fetchComponent, fetchComponents } from '../logs/logsApi';
import { useLogStream } from '../logs/useLogStream';
import { useLogsState } from '../logs/useLogsState';

export const SELECT_COMPONENT_MESSAGE = 'Please select a component to view the logs';
export const NO_LOGS_MESSAGE = 'There are no logs matching the search query';
export const COMPONENTS_ERROR_MESSAGE = 'Unable to load components!';
export const NO_SELECTORS_MESSAGE = 'This component names no logs';
/** Spec 01 §9: the log query follows the Search box 500 ms after the last keystroke (core SearchBox waits 400 ms by default). */
export const LOG_QUERY_DEBOUNCE_MS = 500;

/** The note under a result the gateway cut at its limit. */
export const truncatedNote = (count: number) => `Showing the first ${count} lines; narrow the time range or the search to see more.`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  component: { minWidth: '260px' },
  selector: { minWidth: '200px' },
  search: { minWidth: '280px', flexGrow: 1, maxWidth: '520px' },
  range: { minWidth: '150px' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '24px', color: tokens.colorNeutralForeground3 },
});

/**
 * /logs (spec 01): pick a component, one of its log names and a time range, search; the lines stream into the table
 * as the backend answers. Everything chosen is in the URL (`topologyId`, `logsSelector`, `query`, the time range).
 */
export default function LogsPage() {
  const styles = useStyles();
  const state = useLogsState();
  const [componentSearch, setComponentSearch] = useState('');
  const components = useAbortableSWR(componentsKey(componentSearch), (signal) => fetchComponents(componentSearch, signal));
  const component = useAbortableSWR(state.topologyId ? componentKey(state.topologyId) : null, (signal) => fetchComponent(state.topologyId, signal), {
    revalidateOnFocus: false,
  });
  const chosen = component.data?.id === state.topologyId ? component.data : undefined;
  const selectors = useMemo(() => chosen?.logs.map((log) => log.name) ?? [], [chosen]);

  // The Selector: the component's first log name unless the URL names one of its logs.
  const { logsSelector, setLogsSelector } = state;
  useEffect(() => {
    if (selectors.length && !selectors.includes(logsSelector)) setLogsSelector(selectors[0]);
  }, [selectors, logsSelector, setLogsSelector]);

  // The search waits for the component: a selector it does not name (an old link) would only be refused.
  const request: LogSearchRequest | null =
    chosen && selectors.includes(logsSelector)
      ? { id: state.topologyId, name: logsSelector, query: state.query || undefined, start: state.start, end: state.end || undefined, limit: LOG_RESULTS_MAX }
      : null;
  const requestKey = request ? JSON.stringify(request) : '';
  const stream = useLogStream(request);

  // The selection belongs to one result: a new search starts with none.
  const [selection, setSelection] = useState<{ key: string; lines: ReadonlySet<number> }>({ key: '', lines: new Set() });
  const selected = selection.key === requestKey ? selection.lines : EMPTY_SELECTION;
  const toggle = useCallback(
    (index: number) =>
      setSelection((current) => {
        const lines = new Set(current.key === requestKey ? current.lines : []);
        if (lines.has(index)) lines.delete(index);
        else lines.add(index);
        return { key: requestKey, lines };
      }),
    [requestKey],
  );
  const lineCount = stream.lines.length;
  const toggleAll = useCallback(
    () =>
      setSelection((current) => {
        const all = current.key === requestKey && current.lines.size === lineCount;
        return { key: requestKey, lines: all ? new Set() : new Set(Array.from({ length: lineCount }, (_, index) => index)) };
      }),
    [requestKey, lineCount],
  );

  const componentName = chosen?.name ?? state.topologyId;
  const description = `Logs of ${componentName} (${logsSelector})${state.query ? ` matching "${state.query}"` : ''}`;

  const results = (() => {
    if (!state.topologyId) return <EmptyState icon={<TextBulletListSquare20Regular />} message={SELECT_COMPONENT_MESSAGE} />;
    if (component.error) return <EmptyState message={errorMessage(component.error)} />;
    if (chosen && !selectors.length) return <EmptyState message={NO_SELECTORS_MESSAGE} />;
    if (!request) return null;
    if (lineCount === 0) return stream.loading || stream.error ? null : <EmptyState message={NO_LOGS_MESSAGE} />;
    return (
      <LogsTable
        key={requestKey}
        lines={stream.lines}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        messageAction={<AttachLogsButton componentId={state.topologyId} description={description} lines={stream.lines} selected={selected} />}
      />
    );
  })();

  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Logs' }]} />
      <div className={styles.filters} role="search" aria-label="Log search">
        <ComponentPicker
          className={styles.component}
          value={state.topologyId}
          selectedName={chosen?.name}
          options={components.data}
          loading={components.isLoading}
          onSearch={setComponentSearch}
          onChange={state.setComponent}
        />
        <Dropdown
          className={styles.selector}
          aria-label="Selector"
          placeholder="Selector"
          disabled={!selectors.length}
          value={selectors.includes(logsSelector) ? logsSelector : ''}
          selectedOptions={logsSelector ? [logsSelector] : []}
          onOptionSelect={(_, data) => data.optionValue && setLogsSelector(data.optionValue)}
        >
          {selectors.map((name) => (
            <Option key={name} value={name}>
              {name}
            </Option>
          ))}
        </Dropdown>
        <SearchBox className={styles.search} placeholder="Search" debounceMs={LOG_QUERY_DEBOUNCE_MS} value={state.query} onChange={state.setQuery} />
        <TimeRangePicker className={styles.range} value={state.timeRange} onChange={state.setTimeRange} />
      </div>
      {components.error !== undefined && (
        <MessageBar intent="error">
          <MessageBarBody>{COMPONENTS_ERROR_MESSAGE}</MessageBarBody>
        </MessageBar>
      )}
      {stream.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{stream.error}</MessageBarBody>
        </MessageBar>
      )}
      {request && (
        <div className={styles.status} role="status" aria-label="Log search status">
          {stream.loading ? <Spinner size="extra-tiny" label={lineCount ? `Loading logs... ${lineCount} lines so far` : 'Loading logs...'} /> : null}
          {!stream.loading && lineCount > 0 && <Caption1>{lineCount === 1 ? '1 line' : `${lineCount} lines`}</Caption1>}
        </div>
      )}
      {stream.end?.truncated && (
        <MessageBar intent="warning">
          <MessageBarBody>{truncatedNote(lineCount)}</MessageBarBody>
        </MessageBar>
      )}
      {results}
    </div>
  );
}

const EMPTY_SELECTION: ReadonlySet<number> = new Set();
