import MarkdownIt from 'markdown-it';
import type { ExpressionEvaluator } from '@gateway/core/cel';
import { eventHealth, eventResourceType, type EventVariables } from './variables';

/**
 * A rule's title and body (Markdown) rendered for an event: the rule's own Go templates (through the bounded
 * evaluator, never on the gateway's thread), or the event's default when the rule leaves one empty. The defaults
 * are listed in docs/notifications.md ("Default templates").
 */

const playbookName = '{{if .playbook.title}}{{.playbook.title}}{{else}}{{.playbook.name}}{{end}}';
const link = '\n\n[Open in the console]({{.permalink}})';

const CHECK_BODY =
  '**{{.check.name}}** ({{.check.type}}) of canary **{{.canary.namespace}}/{{.canary.name}}** is **{{.check.status}}**.' +
  '{{if .check.error}}\n\nError: {{.check.error}}{{end}}{{if .check.message}}\n\nMessage: {{.check.message}}{{end}}' +
  link;
const COMPONENT_BODY =
  'Component **{{.component.name}}**{{if .component.type}} ({{.component.type}}){{end}} is **{{.component.health}}**.' +
  '{{if .component.status_reason}}\n\nReason: {{.component.status_reason}}{{end}}' +
  link;
const CONFIG_BODY =
  '**{{.config.name}}** ({{.config.type}}){{if .config.health}} is **{{.config.health}}**{{end}}{{if .config.status}}, status {{.config.status}}{{end}}.' +
  link;
const INCIDENT_BODY =
  'Incident **{{.incident.incident_id}}**: {{.incident.title}}\n\nSeverity: {{.incident.severity}} · Status: {{.incident.status}} · Type: {{.incident.type}}' +
  link;
const RUN_BODY = 'Playbook **' + playbookName + '**, run {{.run.id}}: **{{.run.status}}**.{{if .run.error}}\n\nError: {{.run.error}}{{end}}' + link;
const PLAYBOOK_BODY = 'Playbook **' + playbookName + '**.' + link;

/** The default title and body of each event (Go templates over the event's variables). */
export function defaultTemplates(event: string): { title: string; body: string } {
  const health = eventHealth(event);
  switch (eventResourceType(event)) {
    case 'check':
      return { title: event === 'check.passed' ? 'Check {{.check.name}} has passed' : 'Check {{.check.name}} has failed', body: CHECK_BODY };
    case 'component':
      return { title: `Component {{.component.name}} is ${health ?? 'changed'}`, body: COMPONENT_BODY };
    case 'config': {
      const what = health ? `is ${health}` : `was ${event.slice('config.'.length)}`;
      return { title: `{{.config.type}} {{.config.name}} ${what}`, body: CONFIG_BODY };
    }
    case 'incident':
      return {
        title:
          event === 'incident.created'
            ? 'Incident {{.incident.incident_id}} created: {{.incident.title}}'
            : 'Incident {{.incident.incident_id}} is {{.incident.status}}: {{.incident.title}}',
        body: INCIDENT_BODY,
      };
    case 'playbook_run':
      return {
        title:
          event === 'playbook.approval.inserted'
            ? `Playbook ${playbookName} waits for approval`
            : `Playbook ${playbookName} ${event.slice('playbook.run.'.length)}`,
        body: RUN_BODY,
      };
    case 'playbook':
      return { title: `The approval of playbook ${playbookName} changed`, body: PLAYBOOK_BODY };
    default:
      return { title: '{{.event.name}}', body: '{{.event.name}} at {{.event.created_at}}' };
  }
}

/** Between the title and the body when both are rendered in one evaluation (one worker round trip, not two). */
const SEPARATOR = '\u241E\u2063notification-body\u2063\u241E';

const blank = (value: string | null | undefined) => !value || !value.trim();

export class RenderError extends Error {}

async function renderOne(source: string, variables: EventVariables, evaluator: ExpressionEvaluator, field: string): Promise<string> {
  if (!source.includes('{{')) return source;
  const outcome = await evaluator.evaluate({ language: 'template', source }, variables);
  if (!outcome.ok) throw new RenderError(`${field}: ${outcome.error}`);
  return outcome.value === null || outcome.value === undefined ? '' : String(outcome.value);
}

/**
 * The title and Markdown body for an event. Throws a RenderError naming the field (`title: …`, `template: …`) when a
 * template does not render.
 */
export async function renderMessage(
  rule: { title: string | null; template: string | null },
  event: string,
  variables: EventVariables,
  evaluator: ExpressionEvaluator,
): Promise<{ title: string; body: string }> {
  const defaults = defaultTemplates(event);
  const titleSource = blank(rule.title) ? defaults.title : rule.title!;
  const bodySource = blank(rule.template) ? defaults.body : rule.template!;
  if (titleSource.includes('{{') && bodySource.includes('{{')) {
    const outcome = await evaluator.evaluate({ language: 'template', source: `${titleSource}${SEPARATOR}${bodySource}` }, variables);
    if (outcome.ok) {
      const parts = String(outcome.value ?? '').split(SEPARATOR);
      if (parts.length === 2) return { title: oneLine(parts[0]), body: parts[1].trim() };
    }
    // A failure (or a template that moved the separator): render each alone, which also names the field at fault.
  }
  const [title, body] = await Promise.all([renderOne(titleSource, variables, evaluator, 'title'), renderOne(bodySource, variables, evaluator, 'template')]);
  return { title: oneLine(title), body: body.trim() };
}

/** A title is one line: line breaks become spaces, and it is at most 250 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line.length > 250 ? `${line.slice(0, 249)}…` : line;
}

/**
 * Markdown to HTML as the email channel sends it. `html: false`: raw HTML in a message (which templates fill with a
 * resource's data) is shown as text; markdown-it's link check drops `javascript:`, `vbscript:`, `file:` links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
export function markdownToHtml(text: string): string {
  return markdown.render(text);
}
