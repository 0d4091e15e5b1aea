import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Row } from '@lectern/admin/kit';
import type { Answer, StudentQuestion } from '../types';

const List = styled.ol`
  margin: 0;
  padding-inline-start: 1.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  li > div {
    justify-content: space-between;
  }
`;

/** The order on screen: the saved answer when it holds exactly the question's items, else as given. */
export function shownOrder(question: StudentQuestion, value: Answer | undefined): string[] {
  const items = question.items ?? [];
  if (Array.isArray(value) && value.length === items.length && items.every((item) => (value as unknown[]).includes(item))) return value as string[];
  return items;
}

/** order: the items in the student's order, moved with buttons (keyboard and screen-reader friendly). */
export function OrderAnswer({
  question,
  value,
  onChange,
  disabled,
}: {
  question: StudentQuestion;
  value: Answer | undefined;
  onChange: (answer: Answer) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('lms-student');
  const order = shownOrder(question, value);
  const move = (from: number, to: number) => {
    const next = [...order];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <List>
      {order.map((item, index) => (
        <li key={item} data-testid="quiz-order-item">
          <Row $gap="0.5rem">
            <span>{item}</span>
            <Row $gap="0.25rem">
              <Button
                type="button"
                $variant="secondary"
                onClick={() => move(index, index - 1)}
                disabled={disabled || index === 0}
                aria-label={t('quiz.moveUp', { item })}
                data-testid="quiz-order-up"
              >
                ↑
              </Button>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => move(index, index + 1)}
                disabled={disabled || index === order.length - 1}
                aria-label={t('quiz.moveDown', { item })}
                data-testid="quiz-order-down"
              >
                ↓
              </Button>
            </Row>
          </Row>
        </li>
      ))}
    </List>
  );
}
