import { Tab, TabList } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { label: 'Notifications', path: '/notifications' },
  { label: 'Rules', path: '/notifications/rules' },
  { label: 'Silences', path: '/notifications/silences' },
] as const;

/** The tabs over the three notifications pages: send history, rules and silences (spec 03 Notifications). */
export function NotificationsTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.path !== '/notifications' && pathname.startsWith(tab.path))?.path ?? '/notifications';
  return (
    <TabList selectedValue={current} onTabSelect={(_, data) => navigate(String(data.value))} aria-label="Notifications sections">
      {TABS.map((tab) => (
        <Tab key={tab.path} value={tab.path}>
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}
