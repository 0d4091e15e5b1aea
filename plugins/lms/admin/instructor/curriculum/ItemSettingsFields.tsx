import { Field, Input, Select } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { INTERVALS, type Interval, type ItemType } from '../model';
import { FieldRow } from '../ui';
import type { SettingsErrors, SettingsForm } from './itemSettings';

/** The settings fields of one item type; sections have none. */
export function ItemSettingsFields({
  type,
  form,
  set,
  errors,
}: {
  type: ItemType;
  form: SettingsForm;
  set: (patch: Partial<SettingsForm>) => void;
  errors: SettingsErrors;
}) {
  const { t } = useTranslation('lms-instructor');
  if (type === 'unit')
    return (
      <FieldRow>
        <Field label={t('item.duration')} hint={t('item.durationHint')} error={errors.durationValue}>
          <Input type="number" min={0} value={form.durationValue} onChange={(e) => set({ durationValue: e.target.value })} data-testid="item-duration" />
        </Field>
        <Field label={t('item.durationUnit')}>
          <Select value={form.durationParameter} onChange={(e) => set({ durationParameter: e.target.value as Interval })}>
            {INTERVALS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`interval.${unit}`)}
              </option>
            ))}
          </Select>
        </Field>
      </FieldRow>
    );
  if (type === 'quiz')
    return (
      <FieldRow>
        <Field label={t('item.timeLimit')} hint={t('item.timeLimitHint')} error={errors.timeLimitMinutes}>
          <Input
            type="number"
            min={0}
            value={form.timeLimitMinutes}
            onChange={(e) => set({ timeLimitMinutes: e.target.value })}
            data-testid="quiz-time-limit"
          />
        </Field>
        <Field label={t('item.retakes')} error={errors.retakes}>
          <Input type="number" min={0} value={form.retakes} onChange={(e) => set({ retakes: e.target.value })} data-testid="quiz-retakes" />
        </Field>
        <Field label={t('item.passingMark')} hint={t('item.passingMarkHint')} error={errors.passingMark}>
          <Input
            type="number"
            min={0}
            max={100}
            value={form.passingMark}
            onChange={(e) => set({ passingMark: e.target.value })}
            data-testid="quiz-passing-mark"
          />
        </Field>
        <Field label={t('item.evaluation')}>
          <Select value={form.evaluation} onChange={(e) => set({ evaluation: e.target.value === 'manual' ? 'manual' : 'auto' })} data-testid="quiz-evaluation">
            <option value="auto">{t('item.evaluationAuto')}</option>
            <option value="manual">{t('item.evaluationManual')}</option>
          </Select>
        </Field>
      </FieldRow>
    );
  if (type === 'assignment')
    return (
      <FieldRow>
        <Field label={t('item.submission')}>
          <Select
            value={form.submission}
            onChange={(e) => set({ submission: e.target.value === 'file' ? 'file' : 'text' })}
            data-testid="assignment-submission"
          >
            <option value="text">{t('item.submissionText')}</option>
            <option value="file">{t('item.submissionFile')}</option>
          </Select>
        </Field>
        <Field label={t('item.maxMarks')} error={errors.maxMarks}>
          <Input type="number" min={0} value={form.maxMarks} onChange={(e) => set({ maxMarks: e.target.value })} data-testid="assignment-max-marks" />
        </Field>
      </FieldRow>
    );
  return null;
}
