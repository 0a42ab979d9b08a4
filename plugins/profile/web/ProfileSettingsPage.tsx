import { Badge, Body1, Card, Subtitle2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { effectiveRoles } from '@contracts';
import { useWhoAmI } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { GoBackLink } from '@web/core/components/GoBackLink';
import { Loading } from '@web/core/components/Loading';
import { AccessTokens } from './AccessTokens';
import { ChangePasswordSection } from './sections/ChangePasswordSection';
import { SecondFactorSections } from './sections/SecondFactorSections';
import { SessionsSection } from './sections/SessionsSection';
import { SocialSignInSection } from './sections/SocialSignInSection';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  card: { padding: tokens.spacingHorizontalXL },
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  roles: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

/** /profile-settings: who is signed in (spec 03 §2). */
export default function ProfileSettingsPage() {
  const styles = useStyles();
  const { whoami } = useWhoAmI();
  if (!whoami) return <Loading />;
  const { user } = whoami;
  return (
    <div className={styles.root}>
      <GoBackLink />
      <Title3 as="h1">Profile Settings</Title3>
      <Card className={styles.card}>
        <div className={styles.identity}>
          <Avatar name={user.name} src={user.avatar} size={72} />
          <div>
            <Subtitle2 as="h2">{user.name}</Subtitle2>
            <Body1>{user.email}</Body1>
          </div>
        </div>
        <dl className={styles.details}>
          <dt className={styles.term}>Name</dt>
          <dd className={styles.value}>{user.name}</dd>
          <dt className={styles.term}>Email</dt>
          <dd className={styles.value}>{user.email}</dd>
          <dt className={styles.term}>Roles</dt>
          <dd className={styles.value}>
            <span className={styles.roles}>
              {effectiveRoles(whoami.roles).map((role) => (
                <Badge key={role} appearance="tint">
                  {role}
                </Badge>
              ))}
            </span>
          </dd>
        </dl>
      </Card>
      <ChangePasswordSection />
      <SocialSignInSection />
      <SecondFactorSections />
      <SessionsSection />
      <AccessTokens />
    </div>
  );
}
