import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Caption1, Checkbox, Field, Input, Label, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { FieldSpec } from '@web/core/plugin-host/types';
import {
  AUTHENTICATION_CHOICES,
  REQUIRED_MESSAGE,
  type AuthenticationChoice,
  type FieldValueStyle,
  authenticationChanges,
  authenticationOf,
  storedText,
  textOf,
} from './fieldValues';

export interface FieldOption {
  value: string;
  label: string;
}

/** What one form says about a field beyond its spec. */
export interface FieldAdjustment {
  /** Shown with its value but not editable (the value is fixed elsewhere, e.g. by the team). */
  locked?: boolean;
  /** The required marker, when the form decides it (every responder field; a stored secret is not). */
  required?: boolean;
  /** Choices that replace the spec's options and any lookup. */
  options?: readonly FieldOption[];
  placeholder?: string;
  /** The input's `autocomplete` (a connection's URL and username: `off`, so the browser does not fill in its own). */
  autoComplete?: string;
  /** A select's empty choice: its label, or null for none. Default 'Select...' when required, else '(default)'. */
  blankOption?: string | null;
  /** A caption while a `choices` field has nothing chosen. */
  whenEmpty?: string;
}

/** What a kind's control receives; an area passes its own for kinds it stores its own way (health's secret references). */
export interface FieldControlProps {
  field: FieldSpec;
  /** The control's path in the form. */
  path: string;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  disabled: boolean;
  required: boolean;
  /** The message to show, if any. */
  error: string | undefined;
  placeholder?: string;
}
export type FieldControl = (props: FieldControlProps) => ReactNode;

export interface FieldSpecFormProps {
  fields: readonly FieldSpec[];
  /** Where the fields sit in the react-hook-form values: '' for the root, else a path such as `spec.http.0`. */
  name?: string;
  /** How values are kept (fieldValues.ts): `text` for form bodies, `spec` for YAML specs. Default `text`. */
  values?: FieldValueStyle;
  disabled?: boolean;
  /** `stack`: the fields flow in the caller's column; `grid`: a grid of their own, long fields across it. */
  layout?: 'stack' | 'grid';
  adjust?(field: FieldSpec): FieldAdjustment | undefined;
  /**
   * The options of an `optionsKey` field, asked 500 ms after the values it depends on (`dependsOn`, and the
   * `lookupWith` fields) settle; [] when the lookup fails.
   */
  loadOptions?(field: FieldSpec, params: Record<string, string>): Promise<readonly FieldOption[]>;
  /** Fields every lookup passes besides `dependsOn` (e.g. the responder's `connection`). */
  lookupWith?: readonly string[];
  /** Controls for kinds the area stores its own way. */
  controls?: Partial<Record<FieldSpec['kind'], FieldControl>>;
  /** More controls in the same layout, after the fields (health's expressions). */
  children?: ReactNode;
}

export const OPTIONS_LOOKUP_DEBOUNCE_MS = 500;

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
});

export const fieldPath = (name: string, field: string) => (name ? `${name}.${field}` : field);

/**
 * The one renderer of type-specific forms (check, responder and connection types): each `FieldSpec` becomes a control
 * bound to a react-hook-form field inside the caller's `<FormProvider>`; the caller's zod schema validates. A
 * "required" message waits for the first submit; other messages (a number that is not one) show as soon as the
 * schema says so.
 */
export function FieldSpecForm(props: FieldSpecFormProps) {
  const styles = useStyles();
  const { fields, layout = 'stack', children } = props;
  const rendered = fields.map((field) =>
    field.kind === 'authentication' ? (
      <AuthenticationControl key={field.name} field={field} form={props} />
    ) : (
      <SpecField key={field.name} field={field} form={props} />
    ),
  );
  if (layout === 'stack') {
    return (
      <>
        {rendered}
        {children}
      </>
    );
  }
  return (
    <div className={styles.grid}>
      {rendered}
      {children}
    </div>
  );
}

/** The message a field shows: "required" only once the form was submitted. */
export function useShownError(path: string): string | undefined {
  const { getFieldState, formState } = useFormContext();
  const message = getFieldState(path, formState).error?.message;
  return message && (formState.isSubmitted || message !== REQUIRED_MESSAGE) ? message : undefined;
}

function SpecField({ field, form }: { field: FieldSpec; form: FieldSpecFormProps }) {
  const styles = useStyles();
  const style = form.values ?? 'text';
  const adjustment = form.adjust?.(field) ?? {};
  const path = fieldPath(form.name ?? '', field.name);
  // A form body holds strings (and booleans, lists) from the start, so its schema never meets a missing value.
  const emptyValue = style === 'spec' ? undefined : field.kind === 'boolean' ? false : field.kind === 'choices' ? [] : '';
  const { field: input } = useController({ name: path, defaultValue: emptyValue });
  // Read through useWatch: useController falls back to the value it mounted with once a value is cleared (undefined).
  const value: unknown = useWatch({ name: path });
  const error = useShownError(path);
  const disabled = Boolean(form.disabled || adjustment.locked);
  const required = adjustment.required ?? Boolean(field.required);
  const wide = form.layout === 'grid' && (field.kind === 'textarea' || field.kind === 'choices' || field.kind === 'lines');
  const control = form.controls?.[field.kind];
  const props: FieldControlProps = {
    field,
    path,
    value,
    onChange: input.onChange,
    onBlur: input.onBlur,
    disabled,
    required,
    error,
    placeholder: adjustment.placeholder,
  };

  if (control) return <>{control(props)}</>;
  if (field.kind === 'boolean') {
    return (
      <Checkbox
        label={field.label}
        checked={value === true}
        disabled={disabled}
        onChange={(_, data) => input.onChange(data.checked === true ? true : style === 'spec' ? undefined : false)}
      />
    );
  }
  if (field.kind === 'choices') {
    const options = adjustment.options ?? field.options ?? [];
    const chosen = Array.isArray(value) ? (value as unknown[]).map(String) : [];
    const numeric = options.every((o) => /^\d+$/.test(o.value));
    const toggle = (option: string, on: boolean) => {
      const next = options.map((o) => o.value).filter((v) => (v === option ? on : chosen.includes(v)));
      input.onChange(next.length || style === 'text' ? next.map((v) => (numeric && style === 'spec' ? Number(v) : v)) : undefined);
    };
    // Not inside a Field: each checkbox is named by its own label, the group by the field's.
    return (
      <div className={wide ? styles.wide : undefined} role="group" aria-label={field.label}>
        <Label>{field.label}</Label>
        <div className={styles.choices}>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              label={option.label}
              checked={chosen.includes(option.value)}
              disabled={disabled}
              onChange={(_, data) => toggle(option.value, data.checked === true)}
            />
          ))}
        </div>
        {chosen.length === 0 && adjustment.whenEmpty && <Caption1>{adjustment.whenEmpty}</Caption1>}
      </div>
    );
  }
  const text = textOf(value, field.kind);
  const onText = (value: string) => input.onChange(storedText(value, field.kind, style));
  const controlOf = () => {
    if (field.kind === 'lines') {
      return <LinesControl stored={text} disabled={disabled} placeholder={adjustment.placeholder} onText={onText} onBlur={input.onBlur} />;
    }
    if (field.kind === 'select') return <SelectControl {...props} form={form} adjustment={adjustment} text={text} onText={onText} selectRef={input.ref} />;
    if (field.kind === 'textarea') {
      return (
        <Textarea
          ref={input.ref}
          value={text}
          disabled={disabled}
          resize="vertical"
          placeholder={adjustment.placeholder}
          onChange={(_, data) => onText(data.value)}
          onBlur={input.onBlur}
        />
      );
    }
    const numberInText = field.kind === 'number' && style === 'text';
    return (
      <Input
        ref={input.ref}
        value={text}
        disabled={disabled}
        type={field.kind === 'secret' ? 'password' : numberInText ? 'number' : 'text'}
        inputMode={field.kind === 'number' && !numberInText ? 'decimal' : undefined}
        autoComplete={field.kind === 'secret' ? 'new-password' : adjustment.autoComplete}
        placeholder={adjustment.placeholder}
        onChange={(_, data) => onText(data.value)}
        onBlur={input.onBlur}
      />
    );
  };
  return (
    <Field
      label={field.label}
      required={required}
      className={wide ? styles.wide : undefined}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      {controlOf()}
    </Field>
  );
}

/**
 * A `lines` field: the text as typed stays in the box (a new, still empty line included) while the stored list
 * holds its non-blank lines; a change from elsewhere (the Code tab) replaces the text.
 */
function LinesControl({
  stored,
  disabled,
  placeholder,
  onText,
  onBlur,
}: {
  stored: string;
  disabled: boolean;
  placeholder?: string;
  onText(text: string): void;
  onBlur(): void;
}) {
  const [typed, setTyped] = useState(stored);
  const shown = textOf(storedText(typed, 'lines', 'spec'), 'lines') === stored ? typed : stored;
  return (
    <Textarea
      value={shown}
      disabled={disabled}
      resize="vertical"
      placeholder={placeholder ?? 'One per line'}
      onChange={(_, data) => {
        setTyped(data.value);
        onText(data.value);
      }}
      onBlur={onBlur}
    />
  );
}

function SelectControl({
  field,
  form,
  adjustment,
  text,
  onText,
  onBlur,
  disabled,
  required,
  selectRef,
}: FieldControlProps & {
  form: FieldSpecFormProps;
  adjustment: FieldAdjustment;
  text: string;
  onText(value: string): void;
  selectRef: Ref<HTMLSelectElement>;
}) {
  const looked = useOptionsLookup(field, form, adjustment.options === undefined);
  const options = adjustment.options ?? looked ?? field.options ?? [];
  const blank = adjustment.blankOption === undefined ? (required ? 'Select...' : '(default)') : adjustment.blankOption;
  return (
    <Select ref={selectRef} value={text} disabled={disabled} onChange={(_, data) => onText(data.value)} onBlur={onBlur}>
      {blank !== null && <option value="">{blank}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {text !== '' && !options.some((o) => o.value === text) && <option value={text}>{text}</option>}
    </Select>
  );
}

/** The options of an `optionsKey` field from `loadOptions`, looked up once its inputs settle; undefined when it has none. */
function useOptionsLookup(field: FieldSpec, form: FieldSpecFormProps, enabled: boolean): readonly FieldOption[] | undefined {
  const names = [...(form.lookupWith ?? []), ...(field.dependsOn ?? [])];
  const values = useWatch({ name: names.map((n) => fieldPath(form.name ?? '', n)) }) as unknown[];
  const params = Object.fromEntries(names.map((n, i) => [n, textOf(values[i])]).filter(([, v]) => v));
  const paramsKey = JSON.stringify(params);
  const lookup = enabled && field.optionsKey && form.loadOptions ? form.loadOptions : undefined;
  const [options, setOptions] = useState<readonly FieldOption[] | undefined>(undefined);
  useEffect(() => {
    if (!lookup) return undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      lookup(field, JSON.parse(paramsKey) as Record<string, string>)
        .then((list) => !cancelled && setOptions(Array.isArray(list) ? list : []))
        .catch(() => !cancelled && setOptions([]));
    }, OPTIONS_LOOKUP_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The field is identified by its key (its spec object may be rebuilt on each render).
  }, [lookup, field.optionsKey, paramsKey]);
  return lookup ? options : undefined;
}

/** None / Basic / NTLM / NTLMv2 over `username`, `password` and the `ntlm`/`ntlmv2` flags beside it (spec 03). */
function AuthenticationControl({ field, form }: { field: FieldSpec; form: FieldSpecFormProps }) {
  const styles = useStyles();
  const { setValue, getValues } = useFormContext();
  const base = form.name ?? '';
  const at = (key: string) => fieldPath(base, key);
  const [username, password, ntlm, ntlmv2] = useWatch({ name: ['username', 'password', 'ntlm', 'ntlmv2'].map(at) }) as unknown[];
  const choice = authenticationOf({ username, password, ntlm, ntlmv2 });
  const disabled = Boolean(form.disabled);
  const choose = (next: AuthenticationChoice) => {
    const current = { username: getValues(at('username')), password: getValues(at('password')) };
    for (const [key, value] of Object.entries(authenticationChanges(current, next))) setValue(at(key), value, { shouldDirty: true });
  };
  return (
    <div className={form.layout === 'grid' ? styles.wide : undefined}>
      <div className={styles.grid}>
        <Field label={field.label}>
          <Select value={choice} disabled={disabled} onChange={(_, data) => choose(data.value as AuthenticationChoice)}>
            {AUTHENTICATION_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        {choice !== 'None' && (
          <>
            <Field label={choice === 'Basic' ? 'Username' : 'Username (DOMAIN\\user)'} required>
              {/* Kept as typed, even empty: an empty username still means Basic. */}
              <Input value={textOf(username)} disabled={disabled} onChange={(_, data) => setValue(at('username'), data.value, { shouldDirty: true })} />
            </Field>
            <SpecField field={{ name: 'password', label: 'Password', kind: 'secret' }} form={{ ...form, adjust: undefined }} />
          </>
        )}
      </div>
    </div>
  );
}
