import type { CustomService, NotificationRule } from '@contracts';

/**
 * What a reader of notifications who may not write them sees of a rule's secrets (docs/security.md "Issue 15
 * review"). Every role reads rules (spec 03 §6), but an "Others" recipient's URL often is the credential itself
 * (`slack://xoxb-token@channel`, a Teams or Slack webhook path, `?secret=`, `user:password@`), and a rule's or
 * recipient's `secret` property signs its webhooks. Readers without write see where a rule sends (the scheme, the
 * host, the parameter names) and `***` for the rest; writers read the rule whole, as they edit it.
 */

export const MASK = '***';

/** Property names that hold credentials (as for connections' properties). */
const SECRET_PROPERTY = /token|secret|key|password|passwd|auth|credential|signature/i;

/** Query parameters of channel URLs that say where or how to send, never a credential. */
const PLAIN_PARAMS = new Set(['host', 'scheme', 'disabletls', 'method', 'contenttype', 'template', 'titlekey', 'messagekey', 'encryption']);

const CHANNEL_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/i;

/** A channel URL with its userinfo, path segments and query values (but the plain ones) masked. */
export function maskChannelUrl(url: string): string {
  const match = CHANNEL_URL.exec(url.trim());
  if (!match) return MASK;
  const [, scheme, authority, path, query] = match;
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : `${MASK}@${authority.slice(at + 1)}`;
  const maskedPath = path
    .split('/')
    .map((segment) => (segment ? MASK : segment))
    .join('/');
  let maskedQuery = '';
  if (query && query.length > 1) {
    const params = query
      .slice(1)
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq < 0 ? pair : pair.slice(0, eq);
        if (eq < 0) return name;
        return PLAIN_PARAMS.has(safeDecode(name).toLowerCase()) ? pair : `${name}=${MASK}`;
      });
    maskedQuery = params.length ? `?${params.join('&')}` : '';
  }
  return `${scheme}://${host}${maskedPath}${maskedQuery}`;
}

/** A string map with the values of credential-like keys masked. */
export function maskProperties(properties: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(properties ?? {}).map(([key, value]) => [key, SECRET_PROPERTY.test(key) ? MASK : value]));
}

/** A rule as a reader without write on notifications sees it. */
export function ruleForReader(rule: NotificationRule): NotificationRule {
  return {
    ...rule,
    properties: maskProperties(rule.properties),
    custom_services: rule.custom_services?.map(serviceForReader) ?? rule.custom_services,
  };
}

function serviceForReader(service: CustomService): CustomService {
  return {
    ...service,
    url: service.url ? maskChannelUrl(service.url) : service.url,
    properties: service.properties ? maskProperties(service.properties) : service.properties,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
