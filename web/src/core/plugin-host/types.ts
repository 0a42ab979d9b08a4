import type { ComponentType } from 'react';
import type { FluentIcon } from '@fluentui/react-icons';
import type { Action, Feature, PluginManifest, Resource } from '@contracts';
import type { SettingsTableExtension } from '@web/core/settings/types';

/** What a contribution needs from the user: the RBAC action on one resource. */
export interface Permission {
  resource: Resource;
  action: Action;
}

/** Fields every contribution may carry. The owning plugin's manifest feature applies too. */
export interface ExtensionBase {
  feature?: Feature;
  permission?: Permission;
  /** Lower first; ties keep registration order. */
  order?: number;
  /**
   * Stands in for its id until another plugin contributes the same id, which replaces it without a duplicate error
   * (health's placeholders for the spec's check types that no plugin implements yet).
   */
  fallback?: boolean;
}

/** Lazily loaded React component: `() => import('./Page')`, the module's default export. */
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>;

export type NavSection = 'main' | 'settings';

export interface NavItemExtension extends ExtensionBase {
  id: string;
  title: string;
  icon: FluentIcon;
  /** The route the item links to. */
  path: string;
  section: NavSection;
}

export interface RouteExtension extends ExtensionBase {
  /** react-router path, absolute, e.g. `/settings/feature-flags` or `/incidents/:id`. */
  path: string;
  load: LazyComponent;
  /** Routes of the settings section share its rule: users without any write permission do not get them. */
  section?: NavSection;
  /** Drawn without the console's header and sidebar (signed in still): a page made to be embedded elsewhere. */
  bare?: boolean;
}

/** A field of a type-specific form (responders, checks, channels...). */
export interface FieldSpec {
  name: string;
  label: string;
  /**
   * `authentication`: the None / Basic / NTLM / NTLMv2 selector over `username`, `password` and the `ntlm`/`ntlmv2`
   * flags (spec 03); `choices`: several of `options` at once, stored as a list (numbers when the options are);
   * `lines`: free values one per line, stored as a list of strings (paths, globs).
   */
  kind: 'text' | 'textarea' | 'number' | 'select' | 'secret' | 'boolean' | 'authentication' | 'choices' | 'lines';
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  /** Options come from the gateway (e.g. Jira projects): the key passed to the area's options endpoint. */
  optionsKey?: string;
  /** Fields whose values that lookup needs (Jira issue types depend on the project). */
  dependsOn?: readonly string[];
}

/**
 * A "type" contributed to a host area (a check type, a responder type, a connection type): its label and icon for
 * the area's picker, and the fields the one field-spec form renderer (web/src/core/forms) draws. The area's type list
 * is the list of these contributions: there is no other.
 */
export interface TypeExtension extends ExtensionBase {
  /** The stored type value, e.g. `jira` or `http`. */
  id: string;
  label: string;
  icon?: FluentIcon;
  fields?: readonly FieldSpec[];
  /** Saving a spec holding this type needs more than the area's write permission (exec: scripts on the server). */
  savePermission?: Permission;
  /** Why the type cannot be picked without `savePermission`, shown on the disabled tile. */
  savePermissionHint?: string;
}

/** A log-backend type of the Log Backends form: its picker tile and the spec a new backend of it starts from. */
export interface LogBackendTypeExtension extends TypeExtension {
  /** The spec's YAML for a new backend of this type (the object under `spec`, with the type's key). */
  example: string;
}

/** What a link-to-incident dialog receives (one provider: the incidents plugin). */
/** A notification channel as the rule form offers it ("Others" recipients). */
export interface NotificationChannelExtension extends TypeExtension {
  /** A URL users know for this channel (`slack://xoxb-token@alerts`), shown as the placeholder and in the help. */
  urlExample: string;
  /** Connection types that reach this channel (the connection picker lists them). */
  connectionTypes: readonly string[];
}

export interface IncidentLinkDialogProps {
  open: boolean;
  onClose(linked: boolean): void;
  evidence: { type: string; description?: string; [field: string]: unknown };
}

/** A resource a playbook can run against (the run button of config detail, check detail, component panel). */
export interface PlaybookResourceRef {
  kind: 'config' | 'check' | 'component';
  id: string;
  name?: string;
}

/** What the playbooks plugin's run button receives where another area places it. */
export interface PlaybookRunButtonProps {
  resource: PlaybookResourceRef;
  /** Button look: `menu` is the check detail footer's button with a menu of playbooks. */
  appearance?: 'menu' | 'toolbar';
}

/**
 * Every extension point of the web host and the shape of its contributions. Adding a point is one line here, in
 * the same change as its first contributor and its consumer (a point without both is removed); contributors get
 * type checking through `ctx.add(point, ...)`. Areas to come add theirs (scraper types, action types, channels...).
 */
export interface ExtensionPoints {
  nav: NavItemExtension;
  routes: RouteExtension;
  'incident.responderTypes': TypeExtension;
  'incident.linkDialog': { id: string; load: LazyComponent<IncidentLinkDialogProps> } & ExtensionBase;
  'health.checkTypes': TypeExtension;
  'connection.types': TypeExtension;
  /** Scraper types of the scrape config editor (spec 03): `plugins/scraper-<type>/web`, placeholders in catalog. */
  'catalog.scraperTypes': TypeExtension;
  /** Action types of the playbook editor: `plugins/action-<type>/web` (label, icon, the body's fields). */
  'playbooks.actionTypes': TypeExtension;
  /** The "run a playbook on this resource" button (one provider: the playbooks plugin), placed by other areas. */
  'playbooks.runButton': { id: string; load: LazyComponent<PlaybookRunButtonProps> } & ExtensionBase;
  /** Log-backend types of the Log Backends form: `plugins/logs-<type>/web` (label, icon, a starter spec in YAML). */
  'logs.backendTypes': LogBackendTypeExtension;
  /** Settings tables of core's generic `/settings/{table}` list and detail pages (spec 03 §2): web/src/core/settings. */
  'settings.tables': SettingsTableExtension;
  /** Channels of the rule form's "Others" recipients: `plugins/notify-<channel>/web` (label, icon, a URL example). */
  'notifications.channels': NotificationChannelExtension;
  /** Items of the header between Refresh and Help (the notifications bell), in `order`. */
  'shell.headerItems': { id: string; load: LazyComponent } & ExtensionBase;
}

export type ExtensionPointName = keyof ExtensionPoints;

/** A contribution as the host keeps it: who made it and every feature it depends on. */
export type Registered<P extends ExtensionPointName> = ExtensionPoints[P] & {
  readonly owner: string;
  /** The contribution's own feature plus its plugin's. */
  readonly requiredFeatures: readonly Feature[];
};

/** Phase 1: contribute. */
export interface PluginRegisterContext {
  add<P extends ExtensionPointName>(point: P, extension: ExtensionPoints[P]): void;
}

/** Phase 2: every plugin has registered; contributions of others may be read. */
export interface PluginInitContext {
  getExtensions<P extends ExtensionPointName>(point: P): readonly Registered<P>[];
}

export interface WebPlugin {
  manifest: PluginManifest;
  register(ctx: PluginRegisterContext): void;
  init?(ctx: PluginInitContext): void;
}

/** What the current user is allowed to see: feature states and permissions. */
export interface Access {
  isFeatureEnabled(feature: Feature): boolean;
  can(resource: Resource, action: Action): boolean;
  canSeeSettings: boolean;
}
