import { useState } from 'react';
import { Body1, Button, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { Dialog } from '@web/core/components/Dialog';
import { useFeatures } from '@web/core/features';
import { GitOpsInstall } from './GitOpsInstall';
import { DIRECT_OPTIONS, GITOPS_OPTIONS, type GitOpsOption, type IntegrationOption } from './integrationOptions';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  tile: {
    height: '96px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXXS,
    textAlign: 'center',
  },
  description: { color: tokens.colorNeutralForeground3 },
});

function Tiles({
  title,
  label,
  options,
  onPick,
}: {
  title: string;
  label: string;
  options: readonly IntegrationOption[];
  onPick(option: IntegrationOption): void;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={label}>
      <Subtitle2>{title}</Subtitle2>
      <div className={styles.grid} role="group" aria-label={label}>
        {options.map((option) => (
          <Button key={option.id} className={styles.tile} appearance="outline" onClick={() => onPick(option)}>
            <option.icon />
            <Body1>{option.label}</Body1>
            <Caption1 className={styles.description}>{option.description}</Caption1>
          </Button>
        ))}
      </div>
    </section>
  );
}

export interface AddIntegrationDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * The full-size Add Integration dialog (spec 03 §2): 'Add via GitOps' tiles open the chart's values form with its
 * Flux and Helm CLI snippets (Back returns to the tiles); 'Add Directly' tiles open the creation page of the
 * resource (Log Backends hidden while the logs feature is disabled).
 */
export function AddIntegrationDialog({ open, onClose }: AddIntegrationDialogProps) {
  const navigate = useNavigate();
  const { isEnabled } = useFeatures();
  const [selected, setSelected] = useState<GitOpsOption | null>(null);
  const direct = DIRECT_OPTIONS.filter((option) => option.features.every(isEnabled));

  const pick = (option: IntegrationOption) => {
    if (option.kind === 'gitops') {
      setSelected(option);
      return;
    }
    onClose();
    navigate(option.path);
  };

  return (
    <Dialog
      open={open}
      size="full"
      title={selected ? `Add ${selected.label} via GitOps` : 'Add Integration'}
      onClose={onClose}
      actions={
        <>
          {selected && (
            <Button icon={<ArrowLeft20Regular />} onClick={() => setSelected(null)}>
              Back
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {selected ? (
        <GitOpsInstall option={selected} />
      ) : (
        <>
          <Tiles title="Add via GitOps" label="Add via GitOps" options={GITOPS_OPTIONS} onPick={pick} />
          {direct.length > 0 && <Tiles title="Add Directly" label="Add Directly" options={direct} onPick={pick} />}
        </>
      )}
    </Dialog>
  );
}
