import { Avatar as FluentAvatar, type AvatarProps as FluentAvatarProps } from '@fluentui/react-components';

export interface AvatarProps {
  name: string;
  /** Image address; initials are shown without one. */
  src?: string | null;
  size?: FluentAvatarProps['size'];
}

/** A person's avatar: picture when known, else initials. */
export function Avatar({ name, src, size = 32 }: AvatarProps) {
  return <FluentAvatar name={name} image={src ? { src } : undefined} size={size} color="colorful" aria-label={name} />;
}
