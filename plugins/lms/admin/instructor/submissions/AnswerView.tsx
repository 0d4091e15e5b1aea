import { Muted } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';

/** A student's answer as a reader sees it: option texts for chosen indexes, lists joined, essays as text. */
export function AnswerView({ type, data, response }: { type: string; data: Record<string, unknown>; response: unknown }) {
  const { t } = useTranslation('lms-instructor');
  if (response === null || response === undefined || response === '') return <Muted as="span">{t('grading.noAnswer')}</Muted>;
  const options = Array.isArray(data.options) ? (data.options as string[]) : [];
  const option = (index: unknown) => (typeof index === 'number' ? (options[index] ?? String(index)) : String(index));
  let text: string;
  if (type === 'single') text = option(response);
  else if (type === 'multiple' && Array.isArray(response)) text = response.map(option).join(', ');
  else if (type === 'truefalse') text = response === true ? t('questions.true') : t('questions.false');
  else if (Array.isArray(response)) text = response.map(String).join(' · ');
  else text = typeof response === 'string' ? response : JSON.stringify(response);
  return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
}
