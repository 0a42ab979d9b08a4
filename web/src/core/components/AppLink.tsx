import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useNavigate } from 'react-router';

export interface AppLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  appearance?: 'default' | 'subtle';
  inline?: boolean;
}

/** A Fluent link that navigates inside the app (and still opens a new tab with a modifier key). */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link {...rest} as="a" href={href} onClick={handleClick}>
      {children}
    </Link>
  );
}
