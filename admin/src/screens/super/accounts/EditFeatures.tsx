import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, Muted, Row, Stack } from '../../../ui/primitives';
import { QueryView } from '../../../ui/QueryView';
import { EmptyState } from '../../../ui/states';
import { planLabel, type PlatformAccount, type PlatformPlugin } from '../shared';
import { usePluginCatalogue, useUpdateAccount } from './hooks';
import { ModalFooter } from './ModalFooter';

const Checks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  max-height: 50vh;
  overflow-y: auto;
  label {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
    cursor: pointer;
  }
  input {
    margin-block-start: 0.25rem;
  }
`;

/** The add-on switches editor in its modal: one checkbox per switchable feature; saves only what changed. */
export function EditFeatures({ account, onClose }: { account: PlatformAccount; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const catalogue = usePluginCatalogue();
  const initial = account.feature_switches ?? {};
  const [switches, setSwitches] = useState<Record<string, boolean>>(initial);
  const save = useUpdateAccount<Record<string, boolean>>(
    account,
    (features) => ({ features }),
    (updated) => t('platform.features.saved', { name: updated.name }),
    onClose,
  );
  // Only switchable features: a plugin without a feature is always on.
  const features = (catalogue.data?.plugins ?? []).filter((p): p is PlatformPlugin & { feature: string } => p.feature !== null);
  const changes = Object.fromEntries(
    features.filter((f) => (switches[f.feature] === true) !== (initial[f.feature] === true)).map((f) => [f.feature, switches[f.feature] === true]),
  );
  const changed = Object.keys(changes).length > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save.mutate(changes);
      }}
    >
      <Stack>
        <Muted>{t('platform.features.intro', { plan: planLabel(t, account.plan) })}</Muted>
        <QueryView query={catalogue} isEmpty={() => features.length === 0} empty={<EmptyState title={t('platform.features.none')} />}>
          {() => (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="visually-hidden">{t('platform.features.legend')}</legend>
              <Checks>
                {features.map((f) => {
                  const inPlan = f.plans.includes(account.plan);
                  const effective = account.features.includes(f.feature);
                  return (
                    <li key={f.feature} data-feature={f.feature}>
                      <label>
                        <input
                          type="checkbox"
                          checked={switches[f.feature] === true}
                          onChange={(e) => setSwitches((all) => ({ ...all, [f.feature]: e.target.checked }))}
                        />
                        <span>
                          <Row as="span" $gap="0.4rem" $wrap>
                            <strong>{f.feature}</strong>
                            {effective ? <Badge $tone="success">{t('platform.features.inEffect')}</Badge> : null}
                            {inPlan ? null : <Badge $tone="warning">{t('platform.features.notInPlan')}</Badge>}
                          </Row>
                          {f.description === '' ? null : (
                            <Muted as="small" style={{ display: 'block' }}>
                              {f.description}
                            </Muted>
                          )}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </Checks>
            </fieldset>
          )}
        </QueryView>
        <ModalFooter mutation={save} disabled={!changed} submitLabel={t('common.save')} onClose={onClose} errorTestId="features-error" />
      </Stack>
    </form>
  );
}
