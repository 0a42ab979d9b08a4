/** A section of /profile-settings (spec 03 §2); drawn once its account flow exists. */
export function SocialSignInSection() {
  return null;
}
