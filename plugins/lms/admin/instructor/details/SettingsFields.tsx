import { Field, Input, Select, Stack } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { INTERVALS, type Interval } from '../model';
import { FieldRow, Group } from '../ui';
import type { DetailsErrors, DetailsForm } from './form';

/** The course's learning rules (SPEC §4): unit lock, drip feed, how the course is evaluated, and how long access lasts. */
export function SettingsFields({ form, set, errors }: { form: DetailsForm; set: (patch: Partial<DetailsForm>) => void; errors: DetailsErrors }) {
  const { t } = useTranslation('lms-instructor');
  const drip = form.drip;
  const setDrip = (patch: Partial<DetailsForm['drip']>) => set({ drip: { ...drip, ...patch } });
  return (
    <Stack>
      <label>
        <input type="checkbox" checked={form.unitLock} onChange={(e) => set({ unitLock: e.target.checked })} data-testid="course-unit-lock" />{' '}
        {t('settings.unitLock')}
      </label>
      <Field label={t('settings.evaluation')} hint={t(`settings.evaluationHint.${form.evaluation}`)}>
        <Select value={form.evaluation} onChange={(e) => set({ evaluation: e.target.value === 'auto' ? 'auto' : 'manual' })} data-testid="course-evaluation">
          <option value="manual">{t('settings.evaluationManual')}</option>
          <option value="auto">{t('settings.evaluationAuto')}</option>
        </Select>
      </Field>
      <Group>
        <legend>{t('settings.drip')}</legend>
        <Stack $gap="0.5rem">
          <label>
            <input type="checkbox" checked={drip.enabled} onChange={(e) => setDrip({ enabled: e.target.checked })} data-testid="course-drip" />{' '}
            {t('settings.dripEnabled')}
          </label>
          {drip.enabled ? (
            <FieldRow>
              <Field label={t('settings.dripValue')} error={errors.dripValue}>
                <Input type="number" min={1} value={drip.value} onChange={(e) => setDrip({ value: e.target.value })} />
              </Field>
              <Field label={t('settings.dripParameter')}>
                <Select value={drip.parameter} onChange={(e) => setDrip({ parameter: e.target.value as Interval })}>
                  {INTERVALS.map((unit) => (
                    <option key={unit} value={unit}>
                      {t(`interval.${unit}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('settings.dripMultiplier')}>
                <Select value={drip.multiplier} onChange={(e) => setDrip({ multiplier: e.target.value === 'section' ? 'section' : 'unit' })}>
                  <option value="unit">{t('settings.perUnit')}</option>
                  <option value="section">{t('settings.perSection')}</option>
                </Select>
              </Field>
              <Field label={t('settings.dripFrom')}>
                <Select value={drip.from} onChange={(e) => setDrip({ from: e.target.value === 'start' ? 'start' : 'previous' })}>
                  <option value="previous">{t('settings.fromPrevious')}</option>
                  <option value="start">{t('settings.fromStart')}</option>
                </Select>
              </Field>
            </FieldRow>
          ) : null}
        </Stack>
      </Group>
      <FieldRow>
        <Field label={t('settings.duration')} hint={t('settings.durationHint')} error={errors.durationValue}>
          <Input type="number" min={0} value={form.durationValue} onChange={(e) => set({ durationValue: e.target.value })} data-testid="course-duration" />
        </Field>
        <Field label={t('settings.durationUnit')}>
          <Select value={form.durationParameter} onChange={(e) => set({ durationParameter: e.target.value as Interval | '' })}>
            {INTERVALS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`interval.${unit}`)}
              </option>
            ))}
          </Select>
        </Field>
      </FieldRow>
    </Stack>
  );
}
