import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Button, Muted, Row, Stack } from '../../../ui/primitives';
import { ProgressBar } from '../../../ui/ProgressBar';
import { errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import type { Touchpoint } from './model';
import { useBulkSwitch } from './useTouchpoints';

type Bulk = 'enableEmails' | 'disableAll';

/**
 * "Enable all emails" turns every email on (notifications keep their state); "Disable all" turns
 * every email and notification off. Each asks first, then shows its progress while the requests run.
 */
export function BulkSwitches({ touchpoints, onRunning }: { touchpoints: readonly Touchpoint[]; onRunning: (running: boolean) => void }) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const [asking, setAsking] = useState<Bulk | null>(null);
  const bulk = useBulkSwitch();
  const toEnable = touchpoints.filter((item) => !item.email).map((item) => item.key);
  const toDisable = touchpoints.filter((item) => item.email || item.notification).map((item) => item.key);

  const start = async (which: Bulk) => {
    setAsking(null);
    onRunning(true);
    const keys = which === 'enableEmails' ? toEnable : toDisable;
    const patch = which === 'enableEmails' ? { email: true } : { email: false, notification: false };
    const { failed, error } = await bulk.run(keys, patch);
    onRunning(false);
    if (failed === 0) toast(t('site.touchpoints.bulkDone', { total: keys.length }));
    else toast(`${t('site.touchpoints.bulkFailed', { failed })} ${errorText(t, error)}`, 'danger');
  };

  return (
    <Stack $gap="0.5rem">
      <Row $wrap>
        <Button
          type="button"
          $variant="secondary"
          disabled={bulk.running || toEnable.length === 0}
          onClick={() => setAsking('enableEmails')}
          data-testid="touchpoints-enable-emails"
        >
          {t('site.touchpoints.enableEmails')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={bulk.running || toDisable.length === 0}
          onClick={() => setAsking('disableAll')}
          data-testid="touchpoints-disable-all"
        >
          {t('site.touchpoints.disableAll')}
        </Button>
      </Row>
      {bulk.progress === null ? null : (
        <Stack $gap="0.3rem" aria-live="polite">
          <Muted>{t('site.touchpoints.bulkProgress', { done: bulk.progress.done, total: bulk.progress.total })}</Muted>
          <ProgressBar
            ratio={bulk.progress.total === 0 ? 1 : bulk.progress.done / bulk.progress.total}
            tone="primary"
            label={t('site.touchpoints.bulkProgressLabel')}
            max={bulk.progress.total}
            now={bulk.progress.done}
          />
        </Stack>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'disableAll' ? 'site.touchpoints.disableAllTitle' : 'site.touchpoints.enableEmailsTitle')}
        body={
          asking === 'disableAll'
            ? t('site.touchpoints.disableAllBody', { total: toDisable.length })
            : t('site.touchpoints.enableEmailsBody', { total: toEnable.length })
        }
        confirmLabel={t(asking === 'disableAll' ? 'site.touchpoints.disableAll' : 'site.touchpoints.enableEmails')}
        danger={asking === 'disableAll'}
        onConfirm={() => {
          if (asking !== null) void start(asking);
        }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
