import type { AddonListWire, AddonWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY } from '../api/bootstrap';
import { api } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PageHeader } from '../ui/PageHeader';
import { Badge, Button, Card, Grid, Muted, Row } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import { EmptyState, errorText } from '../ui/states';
import { useToast } from '../ui/toasts';

type Addon = AddonWire;

/** Owners switch add-ons on and off within their plan; the menus follow at once. */
export default function Addons() {
  const { t } = useTranslation('addons');
  const toast = useToast();
  const queries = useQueryClient();
  const [turningOff, setTurningOff] = useState<Addon | null>(null);
  const list = useQuery({ queryKey: ['addons'], queryFn: () => api<AddonListWire>('/api/account/addons') });
  const toggle = useMutation({
    mutationFn: (body: { feature: string; enabled: boolean }) => api<Addon>('/api/account/addons', { method: 'PUT', body }),
    onSuccess: (addon) => {
      setTurningOff(null);
      toast(t(addon.enabled ? 'addons.switchedOn' : 'addons.switchedOff', { name: t(addon.label, { defaultValue: addon.feature }) }));
      void queries.invalidateQueries({ queryKey: ['addons'] });
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  return (
    <>
      <PageHeader title={t('addons.title')} />
      <QueryView query={list} isEmpty={(data) => data.addons.length === 0} empty={<EmptyState title={t('addons.none')} />}>
        {(data) => (
          <>
            <Muted style={{ marginBottom: '1rem' }}>{t('addons.plan', { plan: data.plan })}</Muted>
            <Grid $min="17rem">
              {data.addons.map((addon) => (
                <Card key={addon.feature} data-addon={addon.feature}>
                  <Row style={{ justifyContent: 'space-between' }}>
                    <strong>{t(addon.label, { defaultValue: addon.feature })}</strong>
                    {addon.enabled ? (
                      <Badge $tone="success">{t('common.on')}</Badge>
                    ) : addon.available ? (
                      <Badge>{t('common.off')}</Badge>
                    ) : (
                      <Badge $tone="warning">{t('addons.notInPlan')}</Badge>
                    )}
                  </Row>
                  <Muted style={{ margin: '0.5rem 0 1rem' }}>{addon.description}</Muted>
                  <Button
                    $variant={addon.enabled ? 'secondary' : 'primary'}
                    disabled={!addon.available || toggle.isPending}
                    aria-pressed={addon.enabled}
                    onClick={() => (addon.enabled ? setTurningOff(addon) : toggle.mutate({ feature: addon.feature, enabled: true }))}
                    data-testid={`addon-toggle-${addon.feature}`}
                  >
                    {addon.enabled ? t('addons.switchOff') : t('addons.switchOn')}
                  </Button>
                </Card>
              ))}
            </Grid>
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={turningOff !== null}
        title={t('addons.confirmOff', { name: turningOff === null ? '' : t(turningOff.label, { defaultValue: turningOff.feature }) })}
        body={t('addons.confirmOffBody')}
        confirmLabel={t('addons.switchOff')}
        busy={toggle.isPending}
        onConfirm={() => turningOff !== null && toggle.mutate({ feature: turningOff.feature, enabled: false })}
        onClose={() => setTurningOff(null)}
      />
    </>
  );
}
