import type { ReactNode } from 'react';
import { Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Globe20Regular, PeopleTeam20Regular, Person20Regular, PlugConnected20Regular } from '@fluentui/react-icons';
import type { NotificationRule } from '@contracts';
import { schemeOf } from './ruleForm';
import type { ChannelChoice } from './useChannels';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export interface RuleRecipientsProps {
  rule: NotificationRule;
  channels: readonly ChannelChoice[];
  /** Names of people and teams by id. */
  names: ReadonlyMap<string, string>;
}

/** The list's Recipients cell: a person, a team, and each Others recipient by its channel's icon. */
export function RuleRecipients({ rule, channels, names }: RuleRecipientsProps) {
  const styles = useStyles();
  const items: { key: string; label: string; icon: ReactNode }[] = [];
  if (rule.person_id) items.push({ key: 'person', label: `Person: ${names.get(rule.person_id) ?? rule.person_id}`, icon: <Person20Regular /> });
  if (rule.team_id) items.push({ key: 'team', label: `Team: ${names.get(rule.team_id) ?? rule.team_id}`, icon: <PeopleTeam20Regular /> });
  (rule.custom_services ?? []).forEach((service, index) => {
    const scheme = schemeOf(service.url);
    const channel = scheme ? channels.find((choice) => choice.schemes.includes(scheme)) : undefined;
    const Icon = channel?.icon ?? (service.connection ? PlugConnected20Regular : Globe20Regular);
    const how = channel?.label ?? (service.connection ? 'Connection' : scheme || 'Channel');
    items.push({ key: `custom-${index}`, label: `${service.name} (${how})`, icon: <Icon /> });
  });
  return (
    <span className={styles.root}>
      {items.map((item) => (
        <Tooltip key={item.key} content={item.label} relationship="label">
          <span role="img" aria-label={item.label}>
            {item.icon}
          </span>
        </Tooltip>
      ))}
    </span>
  );
}
