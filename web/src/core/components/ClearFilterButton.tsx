import { Button } from '@fluentui/react-components';
import { Dismiss12Regular } from '@fluentui/react-icons';

/**
 * A filter that came with the address (a link narrowed the list), shown as `Label: value` with a dismiss icon;
 * clicking it clears the filter.
 */
export function ClearFilterButton({ label, value, ariaLabel, onClear }: { label: string; value: string; ariaLabel: string; onClear(): void }) {
  return (
    <Button size="small" appearance="outline" icon={<Dismiss12Regular />} iconPosition="after" aria-label={ariaLabel} onClick={onClear}>
      {label}: {value}
    </Button>
  );
}
