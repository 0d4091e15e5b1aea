import {
  api,
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  errorText,
  Field,
  FormActions,
  Icon,
  Input,
  Muted,
  PageHeader,
  Pagination,
  QueryView,
  Row,
  Select,
  Stack,
  TableScroll,
  useToast,
  type Tone,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type MailingList, type MarketingForm } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';
import { humanize, SchemaFields, type JsonSchema, type Pickers } from './SchemaFields';
import { moved } from './moved';
import { MoveButtons } from './MoveButtons';

interface Step {
  key: string;
  args: Record<string, unknown>;
}
interface Automation {
  id: string;
  name: string;
  trigger_type: string;
  conditions: Step[];
  actions: Step[];
  enabled: boolean;
  updated_at: string;
}
interface Declaration {
  key: string;
  plugin: string;
  schema: JsonSchema;
}
interface Catalogue {
  triggers: Declaration[];
  conditions: Declaration[];
  actions: Declaration[];
}
interface Run {
  id: string;
  status: string;
  user_id?: string | null;
  created_at?: string;
  steps: Array<{ kind: 'condition' | 'action'; position: number; key: string; status: string; error?: string | null }>;
}

const AUTOMATIONS = '/api/automations';
const RUNS_PAGE = 10;
const automationKeys = {
  all: ['automations'] as const,
  catalogue: ['automations', 'catalogue'] as const,
  runs: (id: string, offset: number) => ['automations', 'runs', id, offset] as const,
};

const TONES: Record<string, Tone> = { completed: 'success', done: 'success', passed: 'success', failed: 'danger', error: 'danger', skipped: 'neutral' };
/** Arrays without blank lines (a list being typed), so the args are what the schema takes. */
const cleaned = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).map(([name, value]) => [name, Array.isArray(value) ? value.filter((item) => item !== '') : value]));

type View = { kind: 'list' } | { kind: 'edit'; automation: Automation | null } | { kind: 'runs'; automation: Automation };

/**
 * SPEC §2 /dashboard/manage/marketing/automations (issue 19 item 5): the site's automations; one is
 * built from a trigger, conditions and actions whose settings are forms generated from their
 * schemas, switched on and off, started by hand (manual trigger), and its runs read with the
 * engine's trace of each condition and action.
 */
export default function AutomationsScreen() {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const list = useQuery({ queryKey: automationKeys.all, queryFn: () => api<{ items: Automation[]; total: number }>(`${AUTOMATIONS}?limit=100`) });
  const label = useStepLabel();
  const toggle = useMutation({
    mutationFn: (automation: Automation) => api(`${AUTOMATIONS}/${automation.id}`, { method: 'PATCH', body: { enabled: !automation.enabled } }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: automationKeys.all }),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const start = useMutation({
    mutationFn: (automation: Automation) => api(`${AUTOMATIONS}/${automation.id}/run`, { method: 'POST', body: {} }),
    onSuccess: (_answer, automation) => {
      toast(t('automations.started', { name: automation.name }));
      setView({ kind: 'runs', automation });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const removal = useConfirmedDelete<Automation>({
    path: (automation) => `${AUTOMATIONS}/${automation.id}`,
    invalidate: automationKeys.all,
    title: (automation) => t('automations.deleteTitle', { name: automation.name }),
    body: () => t('automations.deleteBody'),
    confirmLabel: t('automations.delete'),
    deleted: (automation) => t('automations.deleted', { name: automation.name }),
  });
  const back = () => setView({ kind: 'list' });

  return (
    <>
      <PageHeader title={t('automations.title')} />
      {view.kind === 'edit' ? <AutomationEditor automation={view.automation} onDone={back} /> : null}
      {view.kind === 'runs' ? <RunsView automation={view.automation} onBack={back} /> : null}
      {view.kind === 'list' ? (
        <Stack>
          <div>
            <Button onClick={() => setView({ kind: 'edit', automation: null })} data-testid="new-automation">
              <Icon name="plus" />
              {t('automations.new')}
            </Button>
          </div>
          <QueryView
            query={list}
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title={t('automations.none')} hint={t('automations.noneHint')} />}
          >
            {(data) => (
              <Card>
                <TableScroll>
                  <DataTable
                    data-testid="automation-table"
                    columns={[
                      t('automations.name'),
                      t('automations.trigger'),
                      t('automations.steps'),
                      t('automations.enabled'),
                      <span className="visually-hidden">{t('actions')}</span>,
                    ]}
                  >
                    {data.items.map((automation) => (
                      <tr key={automation.id} data-testid="automation-row">
                        <td>{automation.name}</td>
                        <td>{label('triggers', automation.trigger_type)}</td>
                        <td>{t('automations.stepCount', { conditions: automation.conditions.length, actions: automation.actions.length })}</td>
                        <td>
                          <label style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
                            <input
                              type="checkbox"
                              checked={automation.enabled}
                              onChange={() => toggle.mutate(automation)}
                              aria-label={t('automations.enableLabel', { name: automation.name })}
                              data-testid="automation-enabled"
                            />
                            {automation.enabled ? t('automations.on') : t('automations.off')}
                          </label>
                        </td>
                        <td>
                          <Row style={{ gap: '0.25rem', flexWrap: 'nowrap' }}>
                            {automation.trigger_type === 'manual' ? (
                              <RowAction
                                glyph="▶"
                                label={t('automations.runLabel', { name: automation.name })}
                                onClick={() => start.mutate(automation)}
                                disabled={!automation.enabled || start.isPending}
                                title={automation.enabled ? undefined : t('automations.runDisabled')}
                                testId="automation-run"
                              />
                            ) : null}
                            <RowAction
                              icon="history"
                              label={t('automations.runsLabel', { name: automation.name })}
                              onClick={() => setView({ kind: 'runs', automation })}
                              testId="automation-runs"
                            />
                            <RowAction
                              icon="pen"
                              label={t('automations.editLabel', { name: automation.name })}
                              onClick={() => setView({ kind: 'edit', automation })}
                              testId="automation-edit"
                            />
                            <RowAction
                              icon="trash"
                              label={t('automations.deleteLabel', { name: automation.name })}
                              onClick={() => removal.ask(automation)}
                              testId="automation-delete"
                            />
                          </Row>
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </TableScroll>
              </Card>
            )}
          </QueryView>
        </Stack>
      ) : null}
      {removal.dialog}
    </>
  );
}

/** A trigger's, condition's or action's name in the dashboard's language (a plugin's own keys read as written). */
function useStepLabel() {
  const { t } = useTranslation('marketing-admin');
  return (kind: 'triggers' | 'conditions' | 'actions', key: string) => t(`automations.${kind}.${key}`, { defaultValue: humanize(key) });
}

function StepList({
  kind,
  steps,
  declarations,
  pickers,
  onChange,
}: {
  kind: 'conditions' | 'actions';
  steps: Step[];
  declarations: Declaration[];
  pickers: Pickers;
  onChange: (steps: Step[]) => void;
}) {
  const { t } = useTranslation('marketing-admin');
  const label = useStepLabel();
  const [adding, setAdding] = useState('');
  const schemaOf = (key: string) => declarations.find((item) => item.key === key)?.schema ?? {};
  const move = (index: number, by: -1 | 1) => onChange(moved(steps, index, by));
  return (
    <Stack>
      <h3 style={{ margin: '0.5rem 0 0' }}>{t(`automations.${kind}Title`)}</h3>
      <Muted>{t(`automations.${kind}Hint`)}</Muted>
      {steps.map((step, index) => (
        <Card key={`${step.key}-${index}`} data-testid={`${kind}-step`}>
          <Stack>
            <Row style={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <strong>
                {index + 1}. {label(kind, step.key)}
              </strong>
              <Row style={{ gap: '0.25rem' }}>
                {kind === 'actions' ? (
                  <MoveButtons
                    first={index === 0}
                    last={index === steps.length - 1}
                    onMove={(by) => move(index, by)}
                    up={t('automations.up')}
                    down={t('automations.down')}
                  />
                ) : null}
                <Button
                  type="button"
                  $variant="ghost"
                  onClick={() => onChange(steps.filter((_, i) => i !== index))}
                  aria-label={t('automations.removeStep', { name: label(kind, step.key) })}
                >
                  <Icon name="trash" />
                </Button>
              </Row>
            </Row>
            <SchemaFields
              stepKey={step.key}
              schema={schemaOf(step.key)}
              value={step.args}
              pickers={pickers}
              onChange={(args) => onChange(steps.map((item, i) => (i === index ? { ...item, args } : item)))}
            />
          </Stack>
        </Card>
      ))}
      <Row $wrap style={{ alignItems: 'flex-end' }}>
        <Field label={t(`automations.add.${kind}`)}>
          <Select value={adding} onChange={(e) => setAdding(e.target.value)} data-testid={`add-${kind}-key`}>
            <option value="">—</option>
            {declarations.map((item) => (
              <option key={item.key} value={item.key}>
                {label(kind, item.key)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          type="button"
          $variant="secondary"
          disabled={adding === '' || steps.length >= 50}
          onClick={() => {
            onChange([...steps, { key: adding, args: {} }]);
            setAdding('');
          }}
          data-testid={`add-${kind}`}
        >
          <Icon name="plus" />
          {t('automations.addStep')}
        </Button>
      </Row>
    </Stack>
  );
}

/** The builder: a name, a trigger, the conditions that must all hold and the actions run in order. */
function AutomationEditor({ automation, onDone }: { automation: Automation | null; onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const label = useStepLabel();
  const catalogue = useQuery({ queryKey: automationKeys.catalogue, queryFn: () => api<Catalogue>(`${AUTOMATIONS}/catalogue`) });
  const lists = useQuery({ queryKey: keys.lists, queryFn: () => api<{ items: MailingList[] }>(`${API}/lists`) });
  const forms = useQuery({ queryKey: ['marketing', 'forms'], queryFn: () => api<{ items: MarketingForm[] }>(`${API}/forms`) });
  const [name, setName] = useState(automation?.name ?? '');
  const [trigger, setTrigger] = useState(automation?.trigger_type ?? '');
  const [conditions, setConditions] = useState<Step[]>(automation?.conditions ?? []);
  const [actions, setActions] = useState<Step[]>(automation?.actions ?? []);
  const [enabled, setEnabled] = useState(automation?.enabled ?? true);
  const [tried, setTried] = useState(false);
  const pickers: Pickers = { lists: lists.data?.items ?? [], forms: (forms.data?.items ?? []).map(({ id, name: formName }) => ({ id, name: formName })) };
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        trigger_type: trigger,
        conditions: conditions.map((step) => ({ key: step.key, args: cleaned(step.args) })),
        actions: actions.map((step) => ({ key: step.key, args: cleaned(step.args) })),
        enabled,
      };
      return automation === null
        ? api<Automation>(AUTOMATIONS, { method: 'POST', body })
        : api<Automation>(`${AUTOMATIONS}/${automation.id}`, { method: 'PATCH', body });
    },
    onSuccess: (saved) => {
      toast(t('automations.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: automationKeys.all });
      onDone();
    },
    // The server names the step and setting it refuses (e.g. /actions/0/args/subject).
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const problems = { name: name.trim() === '' ? t('automations.nameRequired') : null, trigger: trigger === '' ? t('automations.triggerRequired') : null };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.name === null && problems.trigger === null) save.mutate();
  };
  return (
    <QueryView query={catalogue}>
      {(data) => (
        <Card as="form" onSubmit={submit} noValidate data-testid="automation-builder">
          <Stack>
            <h2 style={{ margin: 0 }}>{automation === null ? t('automations.newTitle') : t('automations.editTitle', { name: automation.name })}</h2>
            <Field label={t('automations.name')} error={tried ? problems.name : null}>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus data-testid="automation-name" />
            </Field>
            <Field label={t('automations.trigger')} hint={t('automations.triggerHint')} error={tried ? problems.trigger : null}>
              <Select value={trigger} onChange={(e) => setTrigger(e.target.value)} data-testid="automation-trigger">
                <option value="">—</option>
                {data.triggers.map((item) => (
                  <option key={item.key} value={item.key}>
                    {label('triggers', item.key)}
                  </option>
                ))}
              </Select>
            </Field>
            <StepList kind="conditions" steps={conditions} declarations={data.conditions} pickers={pickers} onChange={setConditions} />
            <StepList kind="actions" steps={actions} declarations={data.actions} pickers={pickers} onChange={setActions} />
            <BacktestPanel
              draft={{
                trigger_type: trigger,
                conditions: conditions.map((step) => ({ key: step.key, args: cleaned(step.args) })),
                actions: actions.map((step) => ({ key: step.key, args: cleaned(step.args) })),
              }}
            />
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="automation-enable" />
              {t('automations.enabledLabel')}
            </label>
            <FormActions busy={save.isPending} label={t('save')} busyLabel={t('saving')} onCancel={onDone} />
          </Stack>
        </Card>
      )}
    </QueryView>
  );
}

interface Backtest {
  events: number;
  would_run: number;
  truncated: boolean;
  actions: Array<{ key: string; people: string[] }>;
  runs: Array<{ event_id: string; created_at: string; email: string | null; name: string | null; outcome: string; steps: Run['steps'] }>;
}

/** People an action would have touched that the panel lists before "and N more". */
const PEOPLE_SHOWN = 20;

/**
 * Issue 19 item 6: the draft replayed over the trigger's recorded events of the last days, with
 * nothing executed: how many would have run, whom each action would have touched, and each
 * event's trace (the conditions as a live run evaluates them).
 */
function BacktestPanel({ draft }: { draft: { trigger_type: string; conditions: Step[]; actions: Step[] } }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const toast = useToast();
  const label = useStepLabel();
  const [days, setDays] = useState(30);
  const trial = useMutation({
    mutationFn: () => api<Backtest>(`${AUTOMATIONS}/backtest`, { method: 'POST', body: { ...draft, days } }),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const result = trial.data;
  return (
    <Card data-testid="backtest">
      <Stack>
        <h3 style={{ margin: 0 }}>{t('automations.backtest.title')}</h3>
        <Muted>{t('automations.backtest.hint')}</Muted>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Field label={t('automations.backtest.days')}>
            <Select value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="backtest-days">
              {[7, 30, 90].map((count) => (
                <option key={count} value={count}>
                  {t('automations.backtest.lastDays', { count })}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            type="button"
            $variant="secondary"
            disabled={draft.trigger_type === '' || trial.isPending}
            title={draft.trigger_type === '' ? t('automations.triggerRequired') : undefined}
            onClick={() => trial.mutate()}
            data-testid="backtest-run"
          >
            {trial.isPending ? t('automations.backtest.running') : t('automations.backtest.run')}
          </Button>
        </Row>
        {result === undefined ? null : (
          <Stack data-testid="backtest-result">
            <strong>{t('automations.backtest.summary', { events: result.events, would: result.would_run })}</strong>
            {result.truncated ? <Muted>{t('automations.backtest.truncated', { count: result.events })}</Muted> : null}
            {result.actions.map((action, index) => (
              <div key={`${action.key}-${index}`} data-testid="backtest-action">
                {label('actions', action.key)}:{' '}
                {action.people.length === 0
                  ? t('automations.backtest.nobody')
                  : `${action.people.slice(0, PEOPLE_SHOWN).join(', ')}${action.people.length > PEOPLE_SHOWN ? ` ${t('automations.backtest.more', { count: action.people.length - PEOPLE_SHOWN })}` : ''}`}
              </div>
            ))}
            {result.runs.length === 0 ? null : (
              <details>
                <summary>{t('automations.backtest.traces')}</summary>
                <ol style={{ margin: '0.5rem 0 0', paddingInlineStart: '1.25rem', display: 'grid', gap: '0.4rem' }}>
                  {result.runs.slice(0, 50).map((run) => (
                    <li key={run.event_id}>
                      {date.format(new Date(run.created_at))} · {run.email ?? run.name ?? '—'}{' '}
                      <Badge $tone={run.outcome === 'would_run' ? 'success' : 'neutral'}>{t(`automations.backtest.outcome.${run.outcome}`)}</Badge>
                      <Muted as="div">
                        {run.steps
                          .map(
                            (step) =>
                              `${label(step.kind === 'condition' ? 'conditions' : 'actions', step.key)}: ${t(`automations.status.${step.status}`, { defaultValue: step.status })}`,
                          )
                          .join(' · ')}
                      </Muted>
                    </li>
                  ))}
                </ol>
              </details>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** An automation's runs, newest first, each with the engine's trace: every condition and action, its outcome and why. */
function RunsView({ automation, onBack }: { automation: Automation; onBack: () => void }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const label = useStepLabel();
  const [offset, setOffset] = useState(0);
  const runs = useQuery({
    queryKey: automationKeys.runs(automation.id, offset),
    queryFn: () => api<{ items: Run[]; total: number }>(`${AUTOMATIONS}/runs?automation_id=${automation.id}&limit=${RUNS_PAGE}&offset=${offset}`),
    placeholderData: keepPreviousData,
    // A run in progress is followed until it settles.
    refetchInterval: (query) => (query.state.data?.items.some((run) => ['running', 'waiting', 'pending'].includes(run.status)) ? 2000 : false),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Stack data-testid="automation-runs-view">
      <Row $wrap style={{ alignItems: 'center' }}>
        <Button $variant="ghost" onClick={onBack}>
          ← {t('automations.back')}
        </Button>
        <h2 style={{ margin: 0 }}>{t('automations.runsTitle', { name: automation.name })}</h2>
      </Row>
      <QueryView query={runs} isEmpty={(data) => data.total === 0} empty={<EmptyState title={t('automations.noRuns')} hint={t('automations.noRunsHint')} />}>
        {(data) => (
          <Stack>
            {data.items.map((run) => (
              <Card key={run.id} data-testid="automation-run-row">
                <Row $wrap style={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <span>{run.created_at === undefined ? '' : date.format(new Date(run.created_at))}</span>
                  <Badge $tone={TONES[run.status]}>{t(`automations.status.${run.status}`, { defaultValue: run.status })}</Badge>
                </Row>
                <ol style={{ margin: '0.5rem 0 0', paddingInlineStart: '1.25rem', display: 'grid', gap: '0.25rem' }}>
                  {run.steps.map((step) => (
                    <li key={`${step.kind}-${step.position}`} data-testid="automation-trace-step">
                      <span>{label(step.kind === 'condition' ? 'conditions' : 'actions', step.key)}</span>{' '}
                      <Badge $tone={TONES[step.status]}>{t(`automations.status.${step.status}`, { defaultValue: step.status })}</Badge>
                      {step.error ? <Muted as="div">{step.error}</Muted> : null}
                    </li>
                  ))}
                </ol>
              </Card>
            ))}
            <Pagination offset={offset} limit={RUNS_PAGE} total={data.total} onChange={setOffset} />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
