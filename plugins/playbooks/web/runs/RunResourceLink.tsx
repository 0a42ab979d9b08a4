import type { SearchableResource } from '@contracts';
import { AppLink } from '@web/core/components/AppLink';
import { withQuery } from '@web/core/api';

/** Where a run's resource opens: the config page, the check detail on the health page, the component's topology. */
export function resourcePath(kind: SearchableResource, id: string): string {
  if (kind === 'config') return `/catalog/${encodeURIComponent(id)}`;
  if (kind === 'check') return withQuery('/health', { checkId: id });
  return withQuery('/topology', { id });
}

export interface RunResource {
  kind: SearchableResource;
  id: string;
  name: string | null;
}

/** The resource a run ran against, linked to its page; nothing for runs without one (schedules, webhooks). */
export function RunResourceLink({ resource }: { resource: RunResource | null }) {
  if (!resource) return null;
  return (
    <AppLink to={resourcePath(resource.kind, resource.id)} inline>
      {resource.name || resource.id}
    </AppLink>
  );
}
