import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted, Stack } from '@lectern/admin/kit';
import { MultipleAnswer, SingleAnswer, TrueFalseAnswer } from './questions/ChoiceAnswer';
import { MatchAnswer } from './questions/MatchAnswer';
import { OrderAnswer } from './questions/OrderAnswer';
import { EssayAnswer, FillAnswer } from './questions/TextAnswer';
import type { Answer, StudentQuestion } from './types';

const Box = styled.fieldset`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 0.9rem 1rem 1rem;
  margin: 0;
  legend {
    padding: 0 0.35rem;
    font-weight: 600;
  }
`;

/** One question with the control its type needs; every change goes straight to `onChange`. */
export function QuestionCard({
  question,
  number,
  value,
  onChange,
  disabled,
}: {
  question: StudentQuestion;
  number: number;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lms-student');
  const id = useId();
  // The number is the legend; the prompt names the text fields too (a legend does not label them).
  const labelledBy = `${id}-number ${id}-prompt`;
  const props = { question, value, onChange, disabled };
  return (
    <Box aria-describedby={`${id}-prompt`} data-testid="quiz-question" data-question={question.id} data-type={question.type}>
      <legend id={`${id}-number`}>{t('quiz.questionNumber', { number })}</legend>
      <Stack $gap="0.6rem">
        <div id={`${id}-prompt`} style={{ whiteSpace: 'pre-wrap' }}>
          {question.prompt}
        </div>
        <Muted>
          {t(`quiz.hint.${question.type}`)} · {t('quiz.marks', { marks: question.marks })}
        </Muted>
        {question.type === 'single' ? (
          <SingleAnswer {...props} />
        ) : question.type === 'multiple' ? (
          <MultipleAnswer {...props} />
        ) : question.type === 'truefalse' ? (
          <TrueFalseAnswer {...props} />
        ) : question.type === 'fill' ? (
          <FillAnswer {...props} labelledBy={labelledBy} />
        ) : question.type === 'match' ? (
          <MatchAnswer {...props} />
        ) : question.type === 'order' ? (
          <OrderAnswer {...props} />
        ) : (
          <EssayAnswer {...props} labelledBy={labelledBy} />
        )}
      </Stack>
    </Box>
  );
}
