import { Suspense, lazy, useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';

/**
 * 'Link to incident' for a config (spec 02 Config detail). The incidents plugin provides the dialog; the registry hides
 * it when incidents are off or the user may not write incidents, and then the button is not shown.
 */
export function LinkToIncidentButton({ configId, configName }: { configId: string; configName: string }) {
  const registry = usePluginRegistry();
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const extension = registry.getVisibleExtensions('incident.linkDialog', access)[0];
  const LinkDialog = useMemo(() => (extension ? lazy(extension.load) : null), [extension]);
  if (!LinkDialog) return null;
  return (
    <>
      <Button icon={<Attach20Regular />} onClick={() => setOpen(true)}>
        Link to incident
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LinkDialog open onClose={() => setOpen(false)} evidence={{ type: 'config', config_id: configId, description: configName }} />
        </Suspense>
      )}
    </>
  );
}
