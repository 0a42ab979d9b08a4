import { Caption1, Input, Label, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { SECRET_SOURCES, type SecretSource, secretOf, secretToStored, withSecretSource } from './canaryDocument';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  refs: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * Where the value comes from at run time (the gateway's check-secrets.ts): a static value is kept in the canary's
 * spec, which every reader of health checks can see; Secret and Config Map name a stored connection and its field.
 */
const HINTS: Record<SecretSource, string> = {
  static: 'Kept in the canary, visible to everyone who can read health checks. Use Secret for credentials.',
  configMap: 'Name a connection (Settings → Connections) and its field: url, username, password or a property.',
  secret: 'Name a connection (Settings → Connections) and its field: url, username, password or a property. Connections keep secrets encrypted.',
};

export interface SecretFieldProps {
  label: string;
  required?: boolean;
  /** As stored: `{value}` | `{valueFrom: {configMapKeyRef|secretKeyRef: {name, key}}}` | a bare string. */
  value: unknown;
  onChange(stored: unknown): void;
  disabled?: boolean;
  error?: string | null;
}

/** A secret-or-value field: Static, Config Map or Secret (spec 03); changing the source clears the other's values. */
export function SecretField({ label, required, value, onChange, disabled, error }: SecretFieldProps) {
  const styles = useStyles();
  const state = secretOf(value);
  const sourceLabel = SECRET_SOURCES.find((s) => s.value === state.source)?.label ?? '';
  return (
    <div className={styles.root} role="group" aria-label={label}>
      <Label required={required}>{label}</Label>
      <RadioGroup
        layout="horizontal"
        aria-label={`${label} source`}
        value={state.source}
        disabled={disabled}
        onChange={(_, data) => onChange(secretToStored(withSecretSource(state, data.value as SecretSource)))}
      >
        {SECRET_SOURCES.map((source) => (
          <Radio key={source.value} value={source.value} label={source.label} />
        ))}
      </RadioGroup>
      {state.source === 'static' ? (
        <Input
          type="password"
          aria-label={label}
          autoComplete="new-password"
          value={state.value}
          disabled={disabled}
          onChange={(_, data) => onChange(secretToStored({ ...state, value: data.value }))}
        />
      ) : (
        <div className={styles.refs}>
          <Input
            aria-label={`${label} ${sourceLabel} name`}
            placeholder="Connection name"
            value={state.name}
            disabled={disabled}
            onChange={(_, data) => onChange(secretToStored({ ...state, name: data.value }))}
          />
          <Input
            aria-label={`${label} ${sourceLabel} key`}
            placeholder="Field, e.g. password"
            value={state.key}
            disabled={disabled}
            onChange={(_, data) => onChange(secretToStored({ ...state, key: data.value }))}
          />
        </div>
      )}
      <Caption1 className={styles.hint}>{HINTS[state.source]}</Caption1>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
