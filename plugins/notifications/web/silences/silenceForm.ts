import { z } from 'zod';
import { NOTIFICATION_MESSAGES, type NotificationSilenceInput } from '@contracts';
import { MIN_DURATION_NANOS, durationProblem, parseDuration } from '../shared/duration';
import type { PickableKind } from './silencesApi';

const MIN_DURATION_MS = MIN_DURATION_NANOS / 1e6;
const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it (the browser's time zone, to the minute); '' when not a date. */
export function toLocalInput(iso: string | null | undefined): string {
  const value = iso ? new Date(iso) : undefined;
  if (!value || Number.isNaN(value.getTime())) return '';
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant; null when it is not one. */
export function fromLocalInput(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim())) return null;
  const value = new Date(text.trim());
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** A silence's end must come at least a minute after its start (spec 03 §5). */
function untilProblem(fromIso: string | null, untilText: string): string | null {
  if (!untilText.trim()) return NOTIFICATION_MESSAGES.required;
  const until = fromLocalInput(untilText);
  if (!until) return 'Enter a date and time';
  const from = fromIso ? Date.parse(fromIso) : Date.now();
  return Date.parse(until) - from < MIN_DURATION_MS ? NOTIFICATION_MESSAGES.durationTooShort : null;
}

// --- Add ---------------------------------------------------------------------------------------------------------

export interface PickedResource {
  id: string;
  name: string;
}

export const addSilenceSchema = z
  .object({
    kind: z.enum(['config', 'component', 'check']),
    /** Kept from the address (`?canary_id=`): switching the kind does not clear it. */
    canary: z.object({ id: z.string(), name: z.string() }).nullable(),
    resource: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** A duration from now, or an end chosen on the calendar. */
    mode: z.enum(['duration', 'until']),
    duration: z.string(),
    until: z.string(),
    recursive: z.boolean(),
    description: z.string(),
    selectors: z.string(),
    filter: z.string(),
  })
  .superRefine((form, ctx) => {
    if (!form.resource && !form.canary && !form.selectors.trim() && !form.filter.trim()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['resource'], message: NOTIFICATION_MESSAGES.silenceResourceRequired });
    }
    if (form.mode === 'duration') {
      const problem = durationProblem(form.duration, { required: true });
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['duration'], message: problem });
    } else {
      const problem = untilProblem(null, form.until);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['until'], message: problem });
    }
  });

export type AddSilenceForm = z.infer<typeof addSilenceSchema>;

export const ADD_SILENCE_DEFAULTS: AddSilenceForm = {
  kind: 'config',
  canary: null,
  resource: null,
  mode: 'duration',
  duration: '',
  until: '',
  recursive: false,
  description: '',
  selectors: '',
  filter: '',
};

const ID_FIELDS: Record<PickableKind, 'config_id' | 'component_id' | 'check_id'> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
};

/** The POST body: the picked resource under its kind's id (else the canary), from now until the end chosen. */
export function addSilenceInput(form: AddSilenceForm, now = new Date()): NotificationSilenceInput {
  const until =
    form.mode === 'duration' ? new Date(now.getTime() + (parseDuration(form.duration) ?? 0) / 1e6).toISOString() : (fromLocalInput(form.until) ?? '');
  return {
    // The API takes one resource: the canary is what is silenced when no catalog item, component or check is picked.
    canary_id: form.resource ? null : (form.canary?.id ?? null),
    config_id: null,
    component_id: null,
    check_id: null,
    ...(form.resource ? { [ID_FIELDS[form.kind]]: form.resource.id } : {}),
    from: now.toISOString(),
    until,
    // Only components and configs have children to silence with them.
    recursive: form.kind !== 'check' && form.recursive,
    description: form.description.trim() || null,
    selectors: form.selectors.trim() || null,
    filter: form.filter.trim() || null,
  };
}

// --- Edit --------------------------------------------------------------------------------------------------------

export const editSilenceSchema = z.object({ description: z.string(), from: z.string(), until: z.string(), recursive: z.boolean() }).superRefine((form, ctx) => {
  const from = fromLocalInput(form.from);
  if (!from) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['from'], message: form.from.trim() ? 'Enter a date and time' : NOTIFICATION_MESSAGES.required });
    return;
  }
  const problem = untilProblem(from, form.until);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['until'], message: problem });
});

export type EditSilenceForm = z.infer<typeof editSilenceSchema>;

export function editSilenceInput(form: EditSilenceForm): Partial<NotificationSilenceInput> {
  return {
    description: form.description.trim() || null,
    from: fromLocalInput(form.from),
    until: fromLocalInput(form.until) ?? undefined,
    recursive: form.recursive,
  };
}
