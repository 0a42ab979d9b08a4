import { Field, Select } from '@fluentui/react-components';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SELECTABLE_ROLES } from '@contracts';

const LABELS: Record<(typeof SELECTABLE_ROLES)[number], string> = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };

/** The roles an admin picks (spec 03 §6: admin, editor, viewer); other roles are assigned through the API. */
export function RoleSelect({ registration, error, disabled }: { registration: UseFormRegisterReturn; error?: string; disabled?: boolean }) {
  return (
    <Field label="Role" required validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Select {...registration} disabled={disabled}>
        <option value="">Select a role</option>
        {SELECTABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {LABELS[role]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
