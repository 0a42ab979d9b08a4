/** A `checks` row as `checkKey` selects it: the check with its spec and canary (spec 02 §3 Check). */
export interface CheckDetail {
  id: string;
  canary_id: string;
  name: string;
  type: string;
  icon: string | null;
  description: string | null;
  endpoint: string | null;
  namespace: string | null;
  severity: string | null;
  labels: Record<string, string> | null;
  spec: Record<string, unknown> | null;
  status: string | null;
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
  canary: { id: string; name: string; namespace: string | null; schedule: string | null } | null;
}

/** A `check_config_relationships` row with its config item. */
export interface CheckConfigRelationship {
  config_id: string;
  selector_id: string;
  config: { id: string; name: string | null; type: string | null } | null;
}

/** A `check_component_relationships` row with its topology component. */
export interface CheckComponentRelationship {
  component_id: string;
  selector_id: string;
  component: { id: string; name: string | null; type: string | null; icon: string | null } | null;
}
