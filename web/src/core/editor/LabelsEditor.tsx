import { Button, Input, Label, makeStyles, tokens } from '@fluentui/react-components';
import { Add16Regular, Dismiss16Regular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  add: { alignSelf: 'flex-start' },
});

/** One label row as the user sees it (a row being typed may have an empty key). */
export interface LabelEntry {
  key: string;
  value: string;
}

export function labelsToEntries(labels: Record<string, string> | null | undefined): LabelEntry[] {
  return Object.entries(labels ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/** Rows with a key, trimmed; the last row wins on a repeated key. */
export function entriesToLabels(entries: readonly LabelEntry[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const { key, value } of entries) if (key.trim()) labels[key.trim()] = value;
  return labels;
}

/** Labels as key/value rows; rows without a key are left out of the document. */
export function LabelsEditor({ labels, onChange, disabled }: { labels: readonly LabelEntry[]; onChange(labels: LabelEntry[]): void; disabled?: boolean }) {
  const styles = useStyles();
  const update = (index: number, entry: Partial<LabelEntry>) => onChange(labels.map((l, i) => (i === index ? { ...l, ...entry } : l)));
  return (
    <div className={styles.root} role="group" aria-label="Labels">
      <Label>Labels</Label>
      {labels.map((label, index) => (
        <div key={index} className={styles.row}>
          <Input
            aria-label={`Label ${index + 1} key`}
            placeholder="Key"
            value={label.key}
            disabled={disabled}
            onChange={(_, d) => update(index, { key: d.value })}
          />
          <Input
            aria-label={`Label ${index + 1} value`}
            placeholder="Value"
            value={label.value}
            disabled={disabled}
            onChange={(_, d) => update(index, { value: d.value })}
          />
          <Button
            appearance="subtle"
            icon={<Dismiss16Regular />}
            aria-label={`Remove label ${index + 1}`}
            disabled={disabled}
            onClick={() => onChange(labels.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      {!disabled && (
        <Button className={styles.add} appearance="subtle" size="small" icon={<Add16Regular />} onClick={() => onChange([...labels, { key: '', value: '' }])}>
          Add label
        </Button>
      )}
    </div>
  );
}
