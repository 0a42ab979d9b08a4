/**
 * How the field-spec form (FieldSpecForm.tsx) keeps values. Two styles:
 * - `spec`, as in a YAML spec (health checks): a blank field is left out, a number field holds a number (or the text
 *   typed, kept and flagged), a checkbox true or nothing, several choices a list;
 * - `text`, as in a form body (connections, responders): every value a string ('' when blank), a checkbox true or false.
 */
export type FieldValueStyle = 'spec' | 'text';

export const REQUIRED_MESSAGE = 'This field is required';
export const NOT_A_NUMBER_MESSAGE = 'This field must be a number';
export const NEGATIVE_MESSAGE = 'This field must be 0 or more';

/** A number field's text → the stored value: a number when it is one, the text otherwise (kept, and flagged). */
export function numberFromText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : text;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** What a text control shows for a stored value (a `lines` list one value per line). */
export function textOf(value: unknown, kind?: string): string {
  if (kind === 'lines' && Array.isArray(value)) return value.map(String).join('\n');
  return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a text control's input is stored as (a `lines` field: its non-blank lines, trimmed, as a list). */
export function storedText(text: string, kind: string, style: FieldValueStyle): unknown {
  if (kind === 'lines') {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return lines.length ? lines : style === 'text' ? [] : undefined;
  }
  if (style === 'text') return text;
  if (kind === 'number') return numberFromText(text);
  return text === '' ? undefined : text;
}

// --- Authentication -------------------------------------------------------------------------------------------------

/** The Authentication selector (spec 03): None, Basic, NTLM, NTLMv2 over username/password and the NTLM flags. */
export const AUTHENTICATION_CHOICES = ['None', 'Basic', 'NTLM', 'NTLMv2'] as const;
export type AuthenticationChoice = (typeof AUTHENTICATION_CHOICES)[number];

export function authenticationOf(values: Record<string, unknown>): AuthenticationChoice {
  if (values.ntlmv2 === true) return 'NTLMv2';
  if (values.ntlm === true) return 'NTLM';
  return values.username !== undefined || values.password !== undefined ? 'Basic' : 'None';
}

/** The keys another authentication sets: None clears the credentials; NTLM/NTLMv2 set their flag, Basic neither. */
export function authenticationChanges(
  values: Record<string, unknown>,
  choice: AuthenticationChoice,
): Record<'username' | 'password' | 'ntlm' | 'ntlmv2', unknown> {
  if (choice === 'None') return { username: undefined, password: undefined, ntlm: undefined, ntlmv2: undefined };
  return {
    username: values.username ?? '',
    password: values.password,
    ntlm: choice === 'NTLM' ? true : undefined,
    ntlmv2: choice === 'NTLMv2' ? true : undefined,
  };
}

/** `values` with another authentication; keys set to nothing are removed. */
export function withAuthentication<T extends Record<string, unknown>>(values: T, choice: AuthenticationChoice): T {
  const next: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(authenticationChanges(values, choice))) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}
