import { NoticePage } from './NoticePage';

export const UNAUTHORIZED_MESSAGE = 'You do not have permission to access this page';

/** Shown when the user lacks the permission a page needs (spec 01 §2). */
export function Unauthorized() {
  return <NoticePage title={UNAUTHORIZED_MESSAGE} testId="unauthorized" />;
}
