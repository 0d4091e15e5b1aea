import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api } from '../api/client';
import { Icon } from '../ui/Icon';
import { PageHeader } from '../ui/PageHeader';
import { ProgressBar } from '../ui/ProgressBar';
import { Badge, Button, Card, Muted, Row, Stack } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import { EmptyState, errorText } from '../ui/states';
import { useToast } from '../ui/toasts';
import type { SetupWire } from '@lectern/sdk/wire';

/** The checklist; each step's `key` is an i18n key (SETUP_STEPS in core/src/dashboard-data/setup-routes.ts). */
type SetupChecklist = SetupWire;
type Step = SetupChecklist['steps'][number];

/** Shared with the home screen's "Finish setting up" card. */
const SETUP_KEY = ['setup'] as const;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
`;

const StepCard = styled.li<{ $done: boolean }>`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => (p.$done ? p.theme.success : p.theme.border)};
  border-radius: 10px;
  padding: 1rem 1.25rem;
  display: flex;
  align-items: flex-start;
  gap: 0.9rem;
  flex-wrap: wrap;
  h2 {
    font-size: 1.05rem;
    margin: 0 0 0.25rem;
  }
  .text {
    flex: 1 1 16rem;
    min-width: 0;
  }
  .action {
    margin-inline-start: auto;
    align-self: center;
  }
`;

const Mark = styled.span<{ $done: boolean }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  border: 2px solid ${(p) => (p.$done ? p.theme.success : p.theme.border)};
  background: ${(p) => (p.$done ? p.theme.success : 'transparent')};
  color: #fff;
`;

/** /dashboard/setup: the onboarding checklist worked out from the account's real state, with a hide/show toggle for the home card. */
export default function Setup() {
  const { t } = useTranslation('setup');
  const toast = useToast();
  const queries = useQueryClient();
  const setup = useQuery({ queryKey: SETUP_KEY, queryFn: () => api<SetupChecklist>('/api/account/setup') });
  const dismiss = useMutation({
    mutationFn: (dismissed: boolean) => api<SetupChecklist>('/api/account/setup/dismiss', { method: 'PUT', body: { dismissed } }),
    onSuccess: (checklist) => {
      queries.setQueryData(SETUP_KEY, checklist);
      toast(t(checklist.dismissed ? 'setup.dismissed' : 'setup.shown'));
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const data = setup.data;
  return (
    <>
      <PageHeader
        title={t('setup.title')}
        actions={
          data === undefined ? null : (
            <Button
              $variant="secondary"
              onClick={() => dismiss.mutate(!data.dismissed)}
              disabled={dismiss.isPending}
              aria-pressed={data.dismissed}
              data-testid="setup-dismiss"
            >
              {dismiss.isPending ? t('common.saving') : data.dismissed ? t('setup.showAgain') : t('setup.dismiss')}
            </Button>
          )
        }
      />
      <QueryView query={setup} isEmpty={(checklist) => checklist.steps.length === 0} empty={<EmptyState title={t('setup.none')} />}>
        {(checklist) => <Checklist checklist={checklist} />}
      </QueryView>
    </>
  );
}

function Checklist({ checklist }: { checklist: SetupChecklist }) {
  const { t } = useTranslation('setup');
  const complete = checklist.total > 0 && checklist.done_count >= checklist.total;
  const ratio = checklist.total === 0 ? 1 : checklist.done_count / checklist.total;
  return (
    <Stack>
      <Card aria-labelledby="setup-progress">
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <strong id="setup-progress">{t('setup.progress', { done: checklist.done_count, total: checklist.total })}</strong>
          {complete ? <Badge $tone="success">{t('setup.done')}</Badge> : null}
        </Row>
        <ProgressBar
          ratio={ratio}
          tone={complete ? 'success' : 'primary'}
          label={t('setup.progressLabel')}
          max={checklist.total}
          now={checklist.done_count}
          valueText={t('setup.progress', { done: checklist.done_count, total: checklist.total })}
          height="0.55rem"
          style={{ marginBlock: '0.5rem 0.25rem' }}
        />
        {complete ? <Muted>{t('setup.allDone')}</Muted> : null}
        {checklist.dismissed ? <Muted style={{ marginTop: '0.4rem' }}>{t('setup.dismissedNote')}</Muted> : null}
      </Card>
      <Steps>
        {checklist.steps.map((step) => (
          <StepItem key={step.key} step={step} />
        ))}
      </Steps>
    </Stack>
  );
}

function StepItem({ step }: { step: Step }) {
  const { t } = useTranslation('setup');
  const title = t(`setup.steps.${step.key}.title`, { defaultValue: step.key });
  const description = t(`setup.steps.${step.key}.description`, { defaultValue: '' });
  const headingId = `setup-step-${step.key}`;
  return (
    <StepCard $done={step.done} aria-labelledby={headingId} data-step={step.key} data-done={step.done}>
      <Mark $done={step.done} aria-hidden="true">
        {step.done ? <Icon name="check" size={18} /> : null}
      </Mark>
      <div className="text">
        <Row $wrap $gap="0.5rem">
          <h2 id={headingId}>{title}</h2>
          {step.done ? <Badge $tone="success">{t('setup.done')}</Badge> : <Badge>{t('setup.todo')}</Badge>}
        </Row>
        {description === '' ? null : <Muted>{description}</Muted>}
      </div>
      {step.done ? null : (
        <div className="action">
          <Button as={Link} to={step.path} style={{ textDecoration: 'none' }} aria-label={t('setup.openStep', { title })}>
            {t('setup.open')}
          </Button>
        </div>
      )}
    </StepCard>
  );
}
