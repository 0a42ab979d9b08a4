import { useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { WhoAmI } from '@contracts';
import { API_PATHS, errorMessage, http } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { AuthCard } from './AuthCard';

export const SWITCH_ORGANIZATION_PATH = '/api/organizations/switch';
export const ORGS_SWITCHED_TITLE = 'Switching organization';

/**
 * `/organizations/orgs-switched` (spec 03 §2, hosted mode): opened after an organisation was selected. With `?slug=` it
 * first switches the session to that organisation (`POST /api/organizations/switch`); then every cached answer of the
 * previous organisation is dropped, whoami is read again and the user goes home.
 */
export function OrgsSwitchedPage() {
  const [params] = useSearchParams();
  const slug = params.get('slug');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    (async () => {
      try {
        if (slug) await http.post(SWITCH_ORGANIZATION_PATH, { slug });
        await mutate((key) => key !== API_PATHS.whoami, undefined, { revalidate: false });
        await mutate(API_PATHS.whoami, http.get<WhoAmI>(API_PATHS.whoami));
        navigate('/', { replace: true });
      } catch (err) {
        setError(errorMessage(err));
      }
    })();
  }, [slug, mutate, navigate]);

  return (
    <AuthCard title={ORGS_SWITCHED_TITLE}>
      {error ? (
        <>
          <MessageBar intent="error" role="alert" data-testid="orgs-switched-error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
          <AppLink to="/">Go home</AppLink>
        </>
      ) : (
        <Spinner label="Loading your organization..." />
      )}
    </AuthCard>
  );
}
