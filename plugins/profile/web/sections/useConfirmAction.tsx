import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Body1, Button, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { AUTH_ERROR, LOGIN_TITLES } from '@contracts';
import { API_PATHS, errorMessage, http, isApiError } from '@web/core/api';
import { useWhoAmI } from '@web/core/auth';
import { Dialog } from '@web/core/components/Dialog';

/** Thrown by `run` when the user closes 'Confirm Action' without confirming: nothing to report. */
export class ConfirmActionCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'ConfirmActionCancelled';
  }
}

interface Pending {
  action: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs a sensitive change (a new password, a second factor); when the gateway answers 403 `session_refresh_required`,
 * asks for the password in a 'Confirm Action' dialog, re-authenticates the session (`POST /api/auth/login` with
 * `refresh: true`) and runs the change again. The page stays as it is meanwhile, so nothing typed is lost.
 */
export function useConfirmAction(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const { whoami } = useWhoAmI();
  const pending = useRef<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      if (!(isApiError(err) && err.status === 403 && err.code === AUTH_ERROR.refreshRequired)) throw err;
      return new Promise<T>((resolve, reject) => {
        pending.current = { action, resolve: resolve as (value: unknown) => void, reject };
        setPassword('');
        setError(null);
        setOpen(true);
      });
    }
  }, []);

  const cancel = () => {
    setOpen(false);
    pending.current?.reject(new ConfirmActionCancelled());
    pending.current = null;
  };

  const confirm = async () => {
    const current = pending.current;
    if (!current || !whoami) return;
    if (!password) {
      setError('This field is required');
      return;
    }
    setBusy(true);
    try {
      await http.post(API_PATHS.login, { email: whoami.user.email, password, refresh: true });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
      return;
    }
    setOpen(false);
    setBusy(false);
    pending.current = null;
    current.action().then(current.resolve, current.reject);
  };

  const dialog = (
    <Dialog
      open={open}
      title={LOGIN_TITLES.refresh}
      onClose={cancel}
      size="very-small"
      actions={
        <>
          <Button appearance="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button appearance="primary" onClick={() => void confirm()} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Confirm
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}
      >
        <Body1>Please enter your password again to continue.</Body1>
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Email">
          <Input value={whoami?.user.email ?? ''} readOnly autoComplete="username" />
        </Field>
        <Field label="Password" required>
          <Input type="password" autoComplete="current-password" autoFocus value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
      </form>
    </Dialog>
  );

  return { run, dialog };
}
