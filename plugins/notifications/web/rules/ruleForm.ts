import { z } from 'zod';
import { type CustomService, NOTIFICATION_MESSAGES, type NotificationRule, type NotificationRuleInput } from '@contracts';
import { durationProblem, formatDuration, parseDuration } from '../shared/duration';

export const RECIPIENT_KINDS = [
  { value: 'person', label: 'Person' },
  { value: 'team', label: 'Team' },
  { value: 'others', label: 'Others' },
] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number]['value'];

export const PROPERTIES_MESSAGE = 'Properties must be a JSON object of text values, e.g. {"priority": "P1"}';
export const SERVICE_TARGET_MESSAGE = 'Enter a URL or pick a connection';

/** `{"a": "b"}` → the map; '' → {}; anything else (not JSON, an array, a number value) → null. */
export function parseProperties(text: string): Record<string, string> | null {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return Object.values(parsed).every((value) => typeof value === 'string') ? (parsed as Record<string, string>) : null;
}

const propertiesText = z.string().refine((text) => parseProperties(text) !== null, PROPERTIES_MESSAGE);

const serviceShape = z.object({
  name: z.string(),
  /** The channel type picked (form only: it filters connections and names the URL example). */
  channel: z.string(),
  mode: z.enum(['url', 'connection']),
  url: z.string(),
  connection: z.string(),
  properties: z.string(),
});
/** An "Others" recipient is checked only while Others is the kind picked (hidden ones are not sent). */
const serviceSchema = serviceShape
  .extend({ name: z.string().trim().min(1, NOTIFICATION_MESSAGES.required), properties: propertiesText })
  .superRefine((service, ctx) => {
    const target = service.mode === 'url' ? service.url : service.connection;
    if (!target.trim()) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [service.mode], message: SERVICE_TARGET_MESSAGE });
  });
export type ServiceForm = z.infer<typeof serviceShape>;

/** The rule form (spec 03 Notifications): what the fields hold, as text where the user types it. */
export const ruleFormSchema = z
  .object({
    name: z.string().trim().min(1, NOTIFICATION_MESSAGES.required),
    title: z.string(),
    events: z.array(z.string()).min(1, NOTIFICATION_MESSAGES.eventsRequired),
    filter: z.string(),
    repeat_interval: z.string(),
    wait_for: z.string().superRefine((text, ctx) => {
      const problem = durationProblem(text);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
    template: z.string(),
    properties: propertiesText,
    recipientKind: z.enum(['person', 'team', 'others']),
    person_id: z.string(),
    team_id: z.string(),
    custom_services: z.array(serviceShape),
  })
  .superRefine((form, ctx) => {
    if (form.recipientKind === 'person' && !form.person_id)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['person_id'], message: NOTIFICATION_MESSAGES.required });
    if (form.recipientKind === 'team' && !form.team_id)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['team_id'], message: NOTIFICATION_MESSAGES.required });
    if (form.recipientKind === 'others' && form.custom_services.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['custom_services'], message: 'Add at least one recipient' });
    }
    if (form.recipientKind !== 'others') return;
    form.custom_services.forEach((service, index) => {
      const checked = serviceSchema.safeParse(service);
      if (checked.success) return;
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['custom_services', index, ...issue.path], message: issue.message });
    });
  });
export type RuleForm = z.infer<typeof ruleFormSchema>;

export const emptyService = (channel = ''): ServiceForm => ({ name: '', channel, mode: 'url', url: '', connection: '', properties: '' });

export const EMPTY_RULE_FORM: RuleForm = {
  name: '',
  title: '',
  events: [],
  filter: '',
  repeat_interval: '',
  wait_for: '',
  template: '',
  properties: '',
  recipientKind: 'person',
  person_id: '',
  team_id: '',
  custom_services: [],
};

const propertiesToText = (properties: Record<string, string> | undefined | null) =>
  properties && Object.keys(properties).length ? JSON.stringify(properties, null, 2) : '';

/** The URL's scheme (`slack` of `slack://…`, `generic+https`), lower case; '' when it has none. */
export const schemeOf = (url: string | null | undefined) => /^([a-z][a-z0-9+.-]*):\/\//i.exec(url ?? '')?.[1].toLowerCase() ?? '';

/** A stored rule as the form shows it; `channelOfScheme` names the channel of an Others recipient's URL. */
export function ruleToForm(rule: NotificationRule, channelOfScheme: (scheme: string) => string = () => ''): RuleForm {
  const services = rule.custom_services ?? [];
  return {
    name: rule.name,
    title: rule.title ?? '',
    events: [...rule.events],
    filter: rule.filter ?? '',
    repeat_interval: rule.repeat_interval ?? '',
    wait_for: formatDuration(rule.wait_for),
    template: rule.template ?? '',
    properties: propertiesToText(rule.properties),
    recipientKind: rule.person_id ? 'person' : rule.team_id ? 'team' : services.length ? 'others' : 'person',
    person_id: rule.person_id ?? '',
    team_id: rule.team_id ?? '',
    custom_services: services.map((service) => ({
      name: service.name,
      channel: service.url ? channelOfScheme(schemeOf(service.url)) : '',
      mode: service.connection ? 'connection' : 'url',
      url: service.url ?? '',
      connection: service.connection ?? '',
      properties: propertiesToText(service.properties),
    })),
  };
}

/** What POST and PATCH send: one recipient kind (the others null, spec 03 §7), nanoseconds for Wait For. */
export function formToInput(form: RuleForm): NotificationRuleInput {
  const services: CustomService[] = form.custom_services.map((service) => ({
    name: service.name.trim(),
    ...(service.mode === 'url' ? { url: service.url.trim() } : { connection: service.connection.trim() }),
    properties: parseProperties(service.properties) ?? {},
  }));
  return {
    name: form.name.trim(),
    title: form.title.trim() || null,
    events: form.events,
    filter: form.filter.trim() || null,
    template: form.template.trim() ? form.template : null,
    properties: parseProperties(form.properties) ?? {},
    repeat_interval: form.repeat_interval || null,
    wait_for: parseDuration(form.wait_for),
    person_id: form.recipientKind === 'person' ? form.person_id : null,
    team_id: form.recipientKind === 'team' ? form.team_id : null,
    custom_services: form.recipientKind === 'others' ? services : null,
  };
}

/** The form field a 400 names (`filter: …`, `custom_services[0].url: …`, `wait_for: …`), to show it there too. */
export function fieldOfMessage(message: string): { field: string; message: string } | null {
  const match = /^([a-z_]+)(?:\[(\d+)\])?(?:\.([a-z_]+))?:\s*(.+)$/s.exec(message);
  if (!match) return null;
  const [, root, index, leaf, rest] = match;
  const direct = ['name', 'title', 'events', 'filter', 'repeat_interval', 'wait_for', 'template', 'properties', 'person_id', 'team_id'];
  if (direct.includes(root) && index === undefined) return { field: root, message: rest };
  if (root === 'custom_services' && index !== undefined && leaf && ['name', 'url', 'connection', 'properties'].includes(leaf)) {
    return { field: `custom_services.${index}.${leaf}`, message: rest };
  }
  if (root === 'custom_services') return { field: 'custom_services', message: rest };
  return null;
}
