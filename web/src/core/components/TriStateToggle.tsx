import { Button, Tooltip } from '@fluentui/react-components';
import { AddCircle16Regular, Circle16Regular, SubtractCircle16Filled } from '@fluentui/react-icons';
import { type TriState, nextTriState } from '@contracts';

const STATE_LABEL: Record<TriState, string> = { 1: 'include', 0: 'none', [-1]: 'exclude' };

export interface TriStateToggleProps {
  label: string;
  value: TriState;
  onChange(value: TriState): void;
}

/** Three-state filter toggle: none (0) → include (1) → exclude (-1) → none. */
export function TriStateToggle({ label, value, onChange }: TriStateToggleProps) {
  const icon = value === 1 ? <AddCircle16Regular /> : value === -1 ? <SubtractCircle16Filled /> : <Circle16Regular />;
  return (
    <Tooltip content={`${label}: ${STATE_LABEL[value]}`} relationship="label">
      <Button size="small" appearance={value === 0 ? 'subtle' : 'outline'} icon={icon} data-state={value} onClick={() => onChange(nextTriState(value))}>
        {label}
      </Button>
    </Tooltip>
  );
}
