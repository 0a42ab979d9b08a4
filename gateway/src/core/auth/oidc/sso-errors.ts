/**
 * Why a single sign-on ended on the login page (`/login?sso_error=<code>`) or the profile page: the codes live in
 * contracts, beside the sentences the pages show for them. Details (a provider's error description) go to the log.
 */
export { SSO_ERROR, type SsoErrorCode } from '@contracts';
