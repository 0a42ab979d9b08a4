import { Body1 } from '@fluentui/react-components';
import { Link as RouterLink } from 'react-router';
import type { Feature } from '@contracts';
import { usePermissions } from '@web/core/auth';
import { NoticePage } from './NoticePage';

export const FEATURE_DISABLED_TITLE = 'This feature is turned off';
/** Where feature flags are changed; the feature-flags plugin serves it. */
const FEATURE_FLAGS_PATH = '/settings/feature-flags';

/**
 * The page of a feature that is turned off (a `<feature>.disable` flag): it exists, so it is not 'Page not found'.
 * Those who may change feature flags get a link to them; everybody else is told whom to ask.
 */
export function FeatureDisabled({ features }: { features: readonly Feature[] }) {
  const { can } = usePermissions();
  const flags = features.map((f) => `${f}.disable`).join(', ');
  return (
    <NoticePage title={FEATURE_DISABLED_TITLE} testId="feature-disabled">
      {can('properties', 'write') ? (
        <Body1>
          It is turned off by the feature flag <code>{flags}</code>. You can turn it on in{' '}
          <RouterLink to={FEATURE_FLAGS_PATH}>Settings → Feature Flags</RouterLink>.
        </Body1>
      ) : (
        <Body1>An administrator has turned this part of the console off. Ask an administrator to turn it on.</Body1>
      )}
    </NoticePage>
  );
}
