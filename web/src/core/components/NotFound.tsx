import { Body1 } from '@fluentui/react-components';
import { NoticePage } from './NoticePage';

/** Unknown routes and pages of disabled features. */
export function NotFound() {
  return (
    <NoticePage title="Page not found" testId="not-found">
      <Body1>The page you are looking for does not exist or is not available.</Body1>
    </NoticePage>
  );
}
