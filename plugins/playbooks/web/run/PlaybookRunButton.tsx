import { useState } from 'react';
import { Button, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { Play20Regular } from '@fluentui/react-icons';
import type { PlaybookListItem } from '@contracts';
import useSWR from 'swr';
import { errorMessage } from '@web/core/api';
import type { PlaybookRunButtonProps } from '@web/core/plugin-host';
import { PlaybookIcon } from '../PlaybookIcon';
import { fetchPlaybooksFor, playbooksForKey } from '../playbooks/playbooksApi';
import { RunPlaybookDialog } from './RunPlaybookDialog';

export const noPlaybooksMessage = (kind: PlaybookRunButtonProps['resource']['kind']) => `No playbooks for this ${kind}`;

/**
 * The `playbooks.runButton` contribution other areas place (check detail footer, config detail Playbooks tab): a
 * 'Playbooks' menu of the playbooks that apply to the resource, each opening the run dialog on it. Disabled, saying
 * why, when none apply. The registry shows it only to users with write on playbook_runs.
 */
export default function PlaybookRunButton({ resource, appearance = 'menu' }: PlaybookRunButtonProps) {
  const { data, error, isLoading } = useSWR(playbooksForKey(resource), fetchPlaybooksFor, { revalidateOnFocus: false });
  const [running, setRunning] = useState<PlaybookListItem | null>(null);
  const playbooks = data ?? [];
  const look = appearance === 'toolbar' ? ({ appearance: 'primary', icon: <Play20Regular /> } as const) : {};

  if (!playbooks.length) {
    const why = isLoading ? 'Loading playbooks...' : error ? errorMessage(error) : noPlaybooksMessage(resource.kind);
    return (
      <Tooltip content={why} relationship="description">
        <Button {...look} disabledFocusable>
          Playbooks
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton {...look}>Playbooks</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {playbooks.map((playbook) => (
              <MenuItem key={playbook.id} icon={<PlaybookIcon icon={playbook.icon} />} onClick={() => setRunning(playbook)}>
                {playbook.title || playbook.name}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {running && <RunPlaybookDialog playbook={running} resource={resource} onClose={() => setRunning(null)} />}
    </>
  );
}
