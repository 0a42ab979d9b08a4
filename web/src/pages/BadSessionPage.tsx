import { useSearchParams } from 'react-router';
import { NoticePage } from '@web/core/components/NoticePage';

export const BAD_SESSION_MESSAGE = 'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/** `/bad-session?error_code=` (spec 01 §2). */
export function BadSessionPage() {
  const [params] = useSearchParams();
  const message = params.get('error_code') === 'BAD_SESSION' ? BAD_SESSION_MESSAGE : UNKNOWN_ERROR_MESSAGE;
  return <NoticePage title={message} testId="bad-session" />;
}
