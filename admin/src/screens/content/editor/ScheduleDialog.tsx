import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../../ui/Field';
import { Button, Input, Muted, Row, Stack } from '../../../ui/primitives';
import { fromLocalInput, scheduleProblem, suggestedSchedule, toLocalInput } from './schedule';

const Dialog = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  width: min(26rem, calc(100vw - 2rem));
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin-top: 0;
  }
`;

/**
 * Picks when a page or post goes live: a date and time in the reader's time zone, which must be in
 * the future. `onSchedule` gets the moment; the item turns visible by itself then.
 */
export function ScheduleDialog({
  open,
  current,
  busy,
  onSchedule,
  onClose,
}: {
  open: boolean;
  current: string | null;
  busy: boolean;
  onSchedule: (at: Date) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const existing = current === null ? null : new Date(current);
      setValue(toLocalInput(existing !== null && existing.getTime() > Date.now() ? existing : suggestedSchedule(new Date())));
      setTried(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, current]);
  const problem = scheduleProblem(value, new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const at = fromLocalInput(value);
    if (problem !== null || at === null) return;
    onSchedule(at);
  };
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Dialog ref={ref} onClose={onClose} aria-labelledby={titleId} data-testid="schedule-dialog">
      <form onSubmit={submit} noValidate>
        <Stack>
          <h2 id={titleId}>{t('editor.schedule.title')}</h2>
          <Muted>{t('editor.schedule.intro')}</Muted>
          <Field
            label={t('editor.schedule.when')}
            hint={t('editor.schedule.zone', { zone })}
            error={tried && problem !== null ? t(`editor.schedule.${problem}`) : null}
          >
            <Input type="datetime-local" value={value} min={toLocalInput(new Date())} onChange={(e) => setValue(e.target.value)} required />
          </Field>
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="button" $variant="secondary" onClick={onClose} autoFocus>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('editor.schedule.scheduling') : t('editor.schedule.confirm')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Dialog>
  );
}
