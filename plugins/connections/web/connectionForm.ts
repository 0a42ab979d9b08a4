import { z } from 'zod';
import type { FieldSpec } from '@web/core/plugin-host';
import type { Connection, ConnectionInput } from './connectionsApi';

export const REQUIRED_MESSAGE = 'This field is required';
export const SECRET_SET_PLACEHOLDER = '•••••• (set)';

/** Connection columns a type's field may name; anything else is `properties.<key>`. */
const COLUMNS = ['url', 'username', 'password', 'certificate', 'insecure_tls'] as const;
const SECRETS = ['password', 'certificate'] as const;

export interface ConnectionFormValues {
  name: string;
  namespace: string;
  url: string;
  username: string;
  password: string;
  certificate: string;
  insecure_tls: boolean;
  properties: Record<string, string>;
}

export function formValues(connection: Connection | null): ConnectionFormValues {
  return {
    name: connection?.name ?? '',
    namespace: connection?.namespace ?? 'default',
    url: connection?.url ?? '',
    username: connection?.username ?? '',
    password: '',
    certificate: '',
    insecure_tls: connection?.insecure_tls ?? false,
    properties: { ...(connection?.properties ?? {}) },
  };
}

function valueOf(values: ConnectionFormValues, name: string): unknown {
  if (name.startsWith('properties.')) return values.properties?.[name.slice('properties.'.length)];
  return values[name as keyof ConnectionFormValues];
}

/**
 * Name and namespace are always required (spec 03 §5); a type's required fields too, except a secret that is
 * already stored (the form leaves it empty to keep it). Mirrors the gateway, which decides.
 */
export function connectionSchema(fields: readonly FieldSpec[], existing: Connection | null) {
  return z
    .object({
      name: z.string().trim().min(1, REQUIRED_MESSAGE),
      namespace: z.string().trim().min(1, REQUIRED_MESSAGE),
      url: z.string(),
      username: z.string(),
      password: z.string(),
      certificate: z.string(),
      insecure_tls: z.boolean(),
      properties: z.record(z.string(), z.string()),
    })
    .superRefine((values, ctx) => {
      for (const field of fields) {
        if (!field.required || field.kind === 'boolean') continue;
        if (field.name === 'password' && existing?.password_set) continue;
        if (field.name === 'certificate' && existing?.certificate_set) continue;
        const value = valueOf(values as ConnectionFormValues, field.name);
        if (typeof value !== 'string' || !value.trim()) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE, path: field.name.split('.') });
      }
    });
}

/** The request body: only the type's fields; an empty secret is left out so the stored one is kept. */
export function toInput(type: string, fields: readonly FieldSpec[], values: ConnectionFormValues, existing: Connection | null): ConnectionInput {
  const isNew = !existing;
  // Properties the form does not show (set through the API) are kept.
  const shown = new Set(fields.filter((f) => f.name.startsWith('properties.')).map((f) => f.name.slice('properties.'.length)));
  const kept = Object.fromEntries(Object.entries(existing?.properties ?? {}).filter(([k]) => !shown.has(k)));
  const input: ConnectionInput = { name: values.name.trim(), namespace: values.namespace.trim() || 'default', type, properties: kept };
  for (const field of fields) {
    if (field.name.startsWith('properties.')) {
      const v = values.properties?.[field.name.slice('properties.'.length)]?.trim();
      if (v) input.properties![field.name.slice('properties.'.length)] = v;
      continue;
    }
    const column = field.name as (typeof COLUMNS)[number];
    if (!COLUMNS.includes(column)) continue;
    if (column === 'insecure_tls') {
      input.insecure_tls = values.insecure_tls;
    } else if ((SECRETS as readonly string[]).includes(column)) {
      const secret = values[column];
      if (secret) input[column] = secret;
    } else {
      input[column] = values[column].trim() || (isNew ? undefined : null);
    }
  }
  return input;
}
