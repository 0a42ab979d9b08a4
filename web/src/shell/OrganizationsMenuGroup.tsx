import { MenuDivider, MenuGroup, MenuGroupHeader, MenuItem } from '@fluentui/react-components';
import { Building20Regular, Checkmark20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import type { OidcPublicConfig, Organization } from '@contracts';

export const OIDC_CONFIG_PATH = '/api/auth/oidc/config';
export const ORGANIZATIONS_PATH = '/api/organizations';

/**
 * Hosted mode (spec 03 §2): the signed-in person's organisations, the current one checked. Choosing another goes to
 * `/organizations/orgs-switched?slug=…`, which switches and reloads. Nothing is drawn outside hosted mode.
 */
export function OrganizationsMenuGroup() {
  const navigate = useNavigate();
  const { data: config } = useSWR<OidcPublicConfig>(OIDC_CONFIG_PATH, { revalidateOnFocus: false });
  const { data: organizations } = useSWR<Organization[]>(config?.hosted ? ORGANIZATIONS_PATH : null, { revalidateOnFocus: false });
  if (!config?.hosted || !organizations?.length) return null;
  return (
    <>
      <MenuDivider />
      <MenuGroup>
        <MenuGroupHeader>Organizations</MenuGroupHeader>
        {organizations.map((org) => (
          <MenuItem
            key={org.slug}
            icon={org.current ? <Checkmark20Regular /> : <Building20Regular />}
            disabled={org.current}
            onClick={() => navigate(`/organizations/orgs-switched?${new URLSearchParams({ slug: org.slug })}`)}
          >
            {org.name}
          </MenuItem>
        ))}
      </MenuGroup>
    </>
  );
}
