import { Button, Input, Row, Stack } from '@lectern/admin/kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group } from '../ui';

/** A list of short texts with add and remove buttons; `marker` draws a control before each (a right-answer tick). */
export function ListEditor({
  legend,
  values,
  onChange,
  marker,
  min = 1,
  testId,
}: {
  legend: string;
  values: string[];
  onChange: (values: string[]) => void;
  marker?: (index: number) => ReactNode;
  min?: number;
  testId: string;
}) {
  const { t } = useTranslation('lms-instructor');
  return (
    <Group data-testid={testId}>
      <legend>{legend}</legend>
      <Stack $gap="0.4rem">
        {values.map((value, index) => (
          <Row key={index} $gap="0.5rem">
            {marker?.(index)}
            <Input
              value={value}
              maxLength={1000}
              aria-label={t('questions.entry', { legend, number: index + 1 })}
              onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
            />
            <Button
              type="button"
              $variant="ghost"
              disabled={values.length <= min}
              onClick={() => onChange(values.filter((_, i) => i !== index))}
              aria-label={t('questions.removeEntry', { number: index + 1 })}
            >
              ✕
            </Button>
          </Row>
        ))}
        <div>
          <Button type="button" $variant="secondary" disabled={values.length >= 20} onClick={() => onChange([...values, ''])}>
            {t('questions.addEntry')}
          </Button>
        </div>
      </Stack>
    </Group>
  );
}
