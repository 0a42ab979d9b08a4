import useSWR from 'swr';
import { http } from '@web/core/api';
import { SECOND_FACTOR_API, type SecondFactorStatus } from './secondFactorApi';

/** What the signed-in person has set up; the three 2FA sections share it. */
export function useSecondFactorStatus() {
  return useSWR<SecondFactorStatus>(SECOND_FACTOR_API.status, (path: string) => http.get<SecondFactorStatus>(path), { revalidateOnFocus: false });
}
