import { useEffect, useState } from 'react';
import { Body1, Button, Checkbox, Field, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';
import { evidenceLabel } from './allEvidences';
import { DOD_MESSAGES, prefilledScript } from './dodScripts';
import { DodScriptStep } from './DodScriptStep';
import type { Evidence } from './types';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

export type DodAddition = { mode: 'automatic'; items: { id: string; script: string | null }[] } | { mode: 'manual'; text: string };

export interface AddDefinitionOfDoneDialogProps {
  open: boolean;
  /** Evidence not yet part of the definition of done. */
  candidates: readonly Evidence[];
  busy?: boolean;
  onClose(): void;
  onAdd(addition: DodAddition): void;
}

/** The wizard: Automatic or Manual → select evidence → optional scripts → Add (manual: a comment → Add). */
export function AddDefinitionOfDoneDialog({ open, candidates, busy, onClose, onAdd }: AddDefinitionOfDoneDialogProps) {
  const styles = useStyles();
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<'automatic' | 'manual'>('automatic');
  const [selected, setSelected] = useState<string[]>([]);
  const [scripts, setScripts] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  useEffect(() => {
    if (open) {
      setStep(0);
      setMode('automatic');
      setSelected([]);
      setScripts({});
      setText('');
    }
  }, [open]);

  const chosen = candidates.filter((evidence) => selected.includes(evidence.id));
  const toScripts = () => {
    setScripts(Object.fromEntries(chosen.map((e) => [e.id, scripts[e.id] ?? prefilledScript(e.type)])));
    setStep(2);
  };
  const add = () =>
    mode === 'manual' ? onAdd({ mode, text: text.trim() }) : onAdd({ mode, items: chosen.map((e) => ({ id: e.id, script: scripts[e.id]?.trim() || null })) });

  const isLast = (mode === 'manual' && step === 1) || step === 2;
  const nextDisabled = step === 1 && mode === 'automatic' && selected.length === 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="medium"
      title="Add Definition of Done"
      actions={
        <>
          {step > 0 && (
            <Button appearance="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
              Back
            </Button>
          )}
          {isLast ? (
            <Button appearance="primary" onClick={add} disabled={busy || (mode === 'manual' && !text.trim())}>
              Add
            </Button>
          ) : (
            <Button appearance="primary" disabled={nextDisabled} onClick={() => (step === 0 ? setStep(1) : toScripts())}>
              Next
            </Button>
          )}
        </>
      }
    >
      <div className={styles.body}>
        {step === 0 && (
          <RadioGroup aria-label="Kind" value={mode} onChange={(_, data) => setMode(data.value as typeof mode)}>
            <Radio value="automatic" label="Automatic" />
            <Radio value="manual" label="Manual" />
          </RadioGroup>
        )}
        {step === 1 && mode === 'manual' && (
          <Field label="Definition of done">
            <Textarea value={text} onChange={(_, data) => setText(data.value)} resize="vertical" />
          </Field>
        )}
        {step === 1 &&
          mode === 'automatic' &&
          (candidates.length === 0 ? (
            <Body1>{DOD_MESSAGES.noCandidates}</Body1>
          ) : (
            candidates.map((evidence) => (
              <Checkbox
                key={evidence.id}
                label={evidenceLabel(evidence)}
                checked={selected.includes(evidence.id)}
                onChange={(_, data) =>
                  setSelected((current) => (data.checked === true ? [...current, evidence.id] : current.filter((id) => id !== evidence.id)))
                }
              />
            ))
          ))}
        {step === 2 && <DodScriptStep evidences={chosen} scripts={scripts} onChange={(id, script) => setScripts((s) => ({ ...s, [id]: script }))} />}
      </div>
    </Dialog>
  );
}
