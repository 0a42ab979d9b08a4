import type { IncidentRow } from './incidents';

/**
 * Responder types (spec 01 §3 "Responder types and their fields"). Each type is a plugin under
 * plugins/responder-<type>/ contributing its form to the web (`incident.responderTypes`: label, icon, fields) and,
 * when it delivers to a peer, a handler to the gateway (`RESPONDER_HANDLERS`, interface below). The types are those
 * contributions; this file keeps the shapes, not a list.
 */

/** The incident as a responder handler sees it: its row's identity and text, and its link in the console. */
export type ResponderIncident = Pick<IncidentRow, 'id' | 'incident_id' | 'title' | 'description' | 'severity' | 'status' | 'type'> & { url: string };

/** A connection with its secrets resolved, handed to handlers only (never to the API). */
export interface ResolvedConnection {
  id: string;
  name: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, string>;
}

export interface ResponderCreateContext {
  incident: ResponderIncident;
  responderId: string;
  /** The form values (`properties` of the responder without `responderType`). */
  fields: Record<string, string>;
  connection: ResolvedConnection | null;
}

export interface ResponderOption {
  value: string;
  label: string;
}

/**
 * A delivery that cannot happen until an administrator sets something up. `message` is the plain sentence every
 * reader of the incident sees; `setting` is the console page that fixes it, offered to those who may change it; the
 * technical reason (which variable, which connection) goes to the gateway's log, not to operators.
 */
export class ResponderSetupError extends Error {
  constructor(
    message: string,
    readonly setting: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

export const RESPONDER_SETUP_MESSAGES = {
  emailNotConfigured: 'Email delivery is not configured; ask an administrator',
} as const;

/**
 * What a responder type's gateway plugin implements, registered with `@Extension(RESPONDER_HANDLERS, '<type>')`
 * (gateway/src/core/responders). The responder types are the ids contributed there: no list of them exists.
 * `create` is called by a durable job after the responder row is inserted; its external id is stored on the row.
 * Throwing records the error on the responder and the job retries.
 */
export interface ResponderHandler {
  readonly type: string;
  /** Connection types this handler accepts (e.g. ['jira']); null when it needs none. */
  readonly connectionTypes: readonly string[] | null;
  create(context: ResponderCreateContext): Promise<{ externalId: string }>;
  /** Options for select fields (`optionsKey`), e.g. Jira projects; `params` holds the fields it depends on. */
  options?(key: string, params: Record<string, string>, connection: ResolvedConnection | null): Promise<ResponderOption[]>;
}
