import { useState } from 'react';
import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, Info20Regular, Person20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { type About, FRONTEND_VERSION } from '@contracts';
import { API_PATHS, http } from '@web/core/api';
import { useWhoAmI } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { useToast } from '@web/core/components/useToast';
import { type ThemePreference, useTheme } from '@web/core/theme/ThemeProvider';
import { KubeconfigDialog } from './KubeconfigDialog';
import { OrganizationsMenuGroup } from './OrganizationsMenuGroup';

const useStyles = makeStyles({
  identity: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  popover: { maxWidth: '300px' },
});

/** Your Profile, Download kubeconfig, organisations (hosted mode), theme, the version line and Sign out (spec 01 §1). */
export function UserMenu() {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { whoami } = useWhoAmI();
  const { data: about } = useSWR<About>(API_PATHS.about, { revalidateOnFocus: false });
  const { preference, setPreference } = useTheme();
  const [kubeconfigOpen, setKubeconfigOpen] = useState(false);

  const signOut = async () => {
    try {
      await http.post(API_PATHS.logout);
    } catch (error) {
      toast.error(error);
      return;
    }
    // Drop every cached answer: the next user must not see this one's data.
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  };

  const name = whoami?.user.name ?? '';
  return (
    <>
      <Menu
        checkedValues={{ theme: [preference] }}
        onCheckedValueChange={(_, data) => data.name === 'theme' && setPreference(data.checkedItems[0] as ThemePreference)}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="transparent" aria-label="User menu" icon={<Avatar name={name} src={whoami?.user.avatar} size={28} />} />
        </MenuTrigger>
        <MenuPopover className={styles.popover}>
          <div className={styles.identity}>
            <Text weight="semibold">{name}</Text>
            <Text size={200}>{whoami?.user.email}</Text>
          </div>
          <MenuList>
            <MenuDivider />
            <MenuItem icon={<Person20Regular />} onClick={() => navigate('/profile-settings')}>
              Your Profile
            </MenuItem>
            <MenuItem icon={<ArrowDownload20Regular />} onClick={() => setKubeconfigOpen(true)}>
              Download kubeconfig
            </MenuItem>
            <OrganizationsMenuGroup />
            <MenuDivider />
            <MenuGroup>
              <MenuGroupHeader>Theme</MenuGroupHeader>
              <MenuItemRadio name="theme" value="system">
                System
              </MenuItemRadio>
              <MenuItemRadio name="theme" value="light">
                Light
              </MenuItemRadio>
              <MenuItemRadio name="theme" value="dark">
                Dark
              </MenuItemRadio>
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<Info20Regular />} disabled data-testid="version-line">
              Version {FRONTEND_VERSION} · Backend {about?.version ?? '…'}
            </MenuItem>
            <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()}>
              Sign out
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <KubeconfigDialog open={kubeconfigOpen} onClose={() => setKubeconfigOpen(false)} />
    </>
  );
}
