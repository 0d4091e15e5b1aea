import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { api } from '../api/client';
import { Button, Row } from '../ui/primitives';

/** The tour's stops: each points at an element marked data-tour="<target>". */
export const TOUR_STEPS = [
  { target: 'sidebar', key: 'tour.sidebar' },
  { target: 'create', key: 'tour.create' },
  { target: 'notifications', key: 'tour.notifications' },
  { target: 'account', key: 'tour.account' },
  { target: 'help', key: 'tour.help' },
] as const;

const Card = styled.div`
  position: fixed;
  inset-inline: 0;
  bottom: 1.5rem;
  margin-inline: auto;
  width: min(26rem, calc(100vw - 2rem));
  z-index: 900;
  padding: 1rem 1.2rem;
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  border: 2px solid ${(p) => p.theme.primary};
  box-shadow: ${(p) => p.theme.shadow};
`;

/**
 * SPEC §4 Tour: walks the member through the shell; every step reached is recorded, and finishing or
 * skipping records "done" so it does not start by itself again.
 */
export function Tour({ step, onStep, onEnd }: { step: number; onStep: (step: number) => void; onEnd: () => void }) {
  const { t } = useTranslation();
  const save = useMutation({ mutationFn: (body: { step: number; done: boolean }) => api('/api/dashboard/tour', { method: 'PUT', body }) });
  const { mutate } = save;
  // Stops whose element this member does not have (a student has no create menu) are left out.
  // Worked out after the first paint, once the top bar's elements are in the document.
  const [steps, setSteps] = useState<ReadonlyArray<(typeof TOUR_STEPS)[number]>>(TOUR_STEPS);
  useEffect(() => setSteps(TOUR_STEPS.filter((s) => document.querySelector(`[data-tour="${s.target}"]`) !== null)), []);
  const current = steps[Math.min(step, steps.length - 1)] ?? TOUR_STEPS[0];
  useEffect(() => {
    const target = document.querySelector<HTMLElement>(`[data-tour="${current.target}"]`);
    if (target === null) return;
    const before = target.style.outline;
    target.style.outline = '3px solid var(--tour-highlight, #8aa1ff)';
    target.scrollIntoView({ block: 'nearest' });
    return () => {
      target.style.outline = before;
    };
  }, [current.target]);
  useEffect(() => mutate({ step, done: false }), [step, mutate]);
  const finish = () => {
    mutate({ step, done: true });
    onEnd();
  };
  const last = step >= steps.length - 1;
  return (
    <Card role="dialog" aria-labelledby="tour-title" data-testid="tour" data-step={step + 1} data-total={steps.length}>
      <strong id="tour-title">{t('tour.title', { step: step + 1, total: steps.length })}</strong>
      <p>{t(current.key)}</p>
      <Row style={{ justifyContent: 'space-between' }}>
        <Button $variant="ghost" onClick={finish}>
          {t('tour.skip')}
        </Button>
        <Row $gap="0.5rem">
          <Button $variant="secondary" disabled={step === 0} onClick={() => onStep(step - 1)}>
            {t('common.previous')}
          </Button>
          {last ? <Button onClick={finish}>{t('tour.done')}</Button> : <Button onClick={() => onStep(step + 1)}>{t('common.next')}</Button>}
        </Row>
      </Row>
    </Card>
  );
}
