import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Button, Input, Muted, Row, Stack } from '../../../ui/primitives';
import { fromLocalInput, scheduleProblem, suggestedSchedule, toLocalInput } from './schedule';

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
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  // Each opening starts from the current schedule if it is still ahead, else from a suggestion.
  const reset = () => {
    const existing = current === null ? null : new Date(current);
    setValue(toLocalInput(existing !== null && existing.getTime() > Date.now() ? existing : suggestedSchedule(new Date())));
    setTried(false);
  };
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
    <Modal open={open} title={t('editor.schedule.title')} onClose={onClose} onOpen={reset} width={26} testId="schedule-dialog">
      <form onSubmit={submit} noValidate>
        <Stack>
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
    </Modal>
  );
}
