import { Body1, Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { z } from 'zod';
import { USER_FORM_MESSAGES } from '@contracts';
import { http, type ApiError } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { Loading } from '@web/core/components/Loading';
import { zodResolver } from '@web/core/forms/zodResolver';
import { FLOW_PATHS, flowErrorMessage, type VerificationStatus } from './accountFlows';
import { AuthCard } from './AuthCard';

export const VERIFICATION_TITLE = 'Verify your account';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Outcome = { intent: 'success' | 'error'; message: string };

function OutcomeBar({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <MessageBar intent={outcome.intent} role={outcome.intent === 'error' ? 'alert' : 'status'}>
      <MessageBarBody>{outcome.message}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * `/verification` ('Verify your account', spec 03 §2): the emailed link (`?token=`) verifies the address at once; without
 * a token (or after a failed one) a new link can be asked for: to one's own address when signed in, else by email.
 */
export function VerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title={VERIFICATION_TITLE}>
      {token ? <CompleteVerification token={token} /> : <RequestLink />}
      <AppLink to="/">Continue</AppLink>
    </AuthCard>
  );
}

function CompleteVerification({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // the link works once: never post it twice
    started.current = true;
    http
      .post<{ email: string }>(FLOW_PATHS.verificationComplete, { token })
      .then(({ email }) => setOutcome({ intent: 'success', message: `Your email address ${email} is verified.` }))
      .catch((error: unknown) => setOutcome({ intent: 'error', message: flowErrorMessage(error, 'server') }));
  }, [token]);
  if (!outcome) return <Loading />;
  return (
    <>
      <OutcomeBar outcome={outcome} />
      {outcome.intent === 'error' && <RequestLink />}
    </>
  );
}

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, USER_FORM_MESSAGES.email)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, USER_FORM_MESSAGES.emailFormat),
});

function RequestLink() {
  const styles = useStyles();
  // Not whoami: a signed-out visitor here must not be sent to the login page by its 401.
  const { data: me, isLoading } = useSWR<VerificationStatus, ApiError>(FLOW_PATHS.verification, (path: string) => http.get<VerificationStatus>(path), {
    revalidateOnFocus: false,
  });
  const signedIn = !!me?.email;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, formState } = useForm<z.infer<typeof emailSchema>>({
    resolver: signedIn ? undefined : zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await http.post<{ message: string }>(FLOW_PATHS.verification, signedIn ? {} : { email });
      setOutcome({ intent: 'success', message: answer.message });
    } catch (error) {
      setOutcome({ intent: 'error', message: flowErrorMessage(error) });
    }
  });
  if (isLoading) return <Loading />;
  const { errors, isSubmitting } = formState;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <OutcomeBar outcome={outcome} />
      {me?.verified && <Body1>Your email address {me.email} is already verified.</Body1>}
      {signedIn ? (
        !me?.verified && <Body1>We will send a verification link to {me?.email}.</Body1>
      ) : (
        <Field label="Email" required validationMessage={errors.email?.message}>
          <Input type="email" autoComplete="username" {...register('email')} />
        </Field>
      )}
      <Button appearance="primary" type="submit" disabled={isSubmitting || !!me?.verified}>
        Send verification link
      </Button>
    </form>
  );
}
