import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { type FieldPath, useForm } from 'react-hook-form';
import { NOTIFICATION_MESSAGES, type NotificationRule } from '@contracts';
import { errorMessage } from '@web/core/api';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { RuleFormFields } from './RuleFormFields';
import { EMPTY_RULE_FORM, type RuleForm, fieldOfMessage, formToInput, ruleFormSchema, ruleToForm } from './ruleForm';
import { createRule, updateRule } from './rulesApi';
import { useChannels } from './useChannels';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The form's id: the dialog's Save button submits it from the footer. */
export const RULE_FORM_ID = 'notification-rule-form';

export interface RuleEditorProps {
  rule: NotificationRule | null;
  /** Writers get the live filter check and preview; readers see the rule as it is. */
  live: boolean;
  onSubmittingChange(submitting: boolean): void;
  onSaved(saved: NotificationRule): void;
}

/**
 * The rule form: POST for a new rule, PATCH for a stored one. A failed save keeps every value; the gateway's message
 * is shown above the fields and, when it names one (`filter: …`), under that field too.
 */
export function RuleEditor({ rule, live, onSubmittingChange, onSaved }: RuleEditorProps) {
  const styles = useStyles();
  const toast = useToast();
  const { channels, channelOfScheme } = useChannels();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RuleForm>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: rule ? ruleToForm(rule, channelOfScheme) : EMPTY_RULE_FORM,
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => onSubmittingChange(isSubmitting), [isSubmitting, onSubmittingChange]);

  const onSubmit = handleSubmit(async (form) => {
    setServerError(null);
    const input = formToInput(form);
    let saved: NotificationRule;
    try {
      saved = rule ? await updateRule(rule.id, input) : await createRule(input);
    } catch (failure) {
      const message = errorMessage(failure);
      setServerError(message);
      const named = fieldOfMessage(message);
      if (named) setError(named.field as FieldPath<RuleForm>, { type: 'server', message: named.message });
      return;
    }
    toast.success(rule ? NOTIFICATION_MESSAGES.ruleUpdated : `${saved.name} created successfully`);
    onSaved(saved);
  });

  return (
    <form id={RULE_FORM_ID} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {serverError && (
        <MessageBar intent="error" data-testid="rule-form-error">
          <MessageBarBody>{serverError}</MessageBarBody>
        </MessageBar>
      )}
      {rule?.error && (
        <MessageBar intent="warning">
          <MessageBarBody>{rule.error}</MessageBarBody>
        </MessageBar>
      )}
      <RuleFormFields control={control} errors={errors} channels={channels} live={live} />
    </form>
  );
}
