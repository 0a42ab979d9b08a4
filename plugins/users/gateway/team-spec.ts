/**
 * A team's spec (spec 03 §3 Team: name, spec, icon). The part the console reads is `responder_clients`: per responder
 * type the defaults the incidents area fills into a new responder of this team (plugins/incidents: the connection it
 * delivers through, the form's fixed values and defaults, the link to the created item):
 *
 *   responder_clients:
 *     jira:
 *       connection: connection://default/jira   # or values.connection
 *       values: { projects: [...] }             # choices offered in the responder form
 *       defaults: { project: OPS, summary: '[{{incident.incident_id}}] {{incident.title}}' }
 *       linkUrl: https://example.atlassian.net/browse/{{external_id}}
 *
 * Other keys of the spec are kept as written.
 */
const CLIENT_KEYS = ['connection', 'values', 'defaults', 'linkUrl'] as const;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Each problem names where it is: `spec.responder_clients.jira.defaults.project: …`. Empty: the spec is valid. */
export function teamSpecProblems(spec: unknown): string[] {
  if (!isObject(spec)) return ['spec: must be an object'];
  const clients = spec.responder_clients;
  if (clients === undefined || clients === null) return [];
  if (!isObject(clients)) return ['spec.responder_clients: must be a map of responder type to its settings'];
  const problems: string[] = [];
  for (const [type, client] of Object.entries(clients)) {
    const at = `spec.responder_clients.${type}`;
    if (!TYPE_NAME.test(type)) problems.push(`${at}: a responder type is a name of letters, digits, '-' and '_'`);
    // `true` enables the type with nothing preset.
    if (client === true || client === null) continue;
    if (!isObject(client)) {
      problems.push(`${at}: must be an object with ${CLIENT_KEYS.join(', ')}`);
      continue;
    }
    for (const key of Object.keys(client)) {
      if (!(CLIENT_KEYS as readonly string[]).includes(key)) problems.push(`${at}.${key}: unknown field (expected ${CLIENT_KEYS.join(', ')})`);
    }
    if (client.connection !== undefined && (typeof client.connection !== 'string' || !client.connection.trim())) {
      problems.push(`${at}.connection: must be a connection name or connection:// reference`);
    }
    if (client.linkUrl !== undefined && typeof client.linkUrl !== 'string') problems.push(`${at}.linkUrl: must be text`);
    if (client.values !== undefined && !isObject(client.values)) problems.push(`${at}.values: must be an object`);
    if (client.defaults !== undefined) {
      if (!isObject(client.defaults)) problems.push(`${at}.defaults: must be an object`);
      else {
        for (const [field, value] of Object.entries(client.defaults)) {
          if (!isScalar(value)) problems.push(`${at}.defaults.${field}: must be text, a number or true/false`);
        }
      }
    }
  }
  return problems;
}
