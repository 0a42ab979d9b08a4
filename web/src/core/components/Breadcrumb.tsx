import { Fragment } from 'react';
import { BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Breadcrumb as FluentBreadcrumb } from '@fluentui/react-components';
import { useHref, useNavigate } from 'react-router';

export interface BreadcrumbEntry {
  label: string;
  /** In-app path; the last entry is the current page and has none. */
  to?: string;
}

function BreadcrumbLink({ entry, current }: { entry: BreadcrumbEntry; current: boolean }) {
  const navigate = useNavigate();
  const href = useHref(entry.to ?? '.');
  if (!entry.to || current) {
    return <BreadcrumbButton current={current}>{entry.label}</BreadcrumbButton>;
  }
  const to = entry.to;
  return (
    <BreadcrumbButton
      as="a"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {entry.label}
    </BreadcrumbButton>
  );
}

/** Page breadcrumb: `Settings / Feature Flags`. */
export function Breadcrumb({ items }: { items: readonly BreadcrumbEntry[] }) {
  return (
    <FluentBreadcrumb aria-label="Breadcrumb">
      {items.map((entry, index) => (
        <Fragment key={`${entry.label}-${index}`}>
          {index > 0 && <BreadcrumbDivider />}
          <BreadcrumbItem>
            <BreadcrumbLink entry={entry} current={index === items.length - 1} />
          </BreadcrumbItem>
        </Fragment>
      ))}
    </FluentBreadcrumb>
  );
}
