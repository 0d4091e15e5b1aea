import {
  api,
  Badge,
  Card,
  DocumentEditor,
  errorText,
  Field,
  FormActions,
  Input,
  Muted,
  Row,
  Select,
  Stack,
  Textarea,
  useToast,
  type PuckDocument,
} from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API,
  DEFAULT_POPUP_RULES,
  PAGE_MODES,
  POPUP_AUDIENCES,
  POPUP_FREQUENCIES,
  POPUP_TRIGGERS,
  popupKeys,
  type MarketingPopup,
  type PopupRules,
} from './model';

const EMPTY: PuckDocument = { root: { props: {} }, content: [] };
const PATH = /^\/[^\s*]*\*?$/;

/** The paths typed one per line (or separated by commas), as the API takes them. */
const pathsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((path) => path.trim())
    .filter(Boolean);

/**
 * A popup: its name, what it shows (designed in the visual editor with the theme's and the plugins'
 * blocks, a form block included) and its display rules (pages, trigger, frequency, audience).
 * Problems are named on their field before anything is sent; publishing an empty popup is refused.
 */
export function PopupEditor({ popup, onDone }: { popup: MarketingPopup | null; onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState(popup?.name ?? '');
  const [rules, setRules] = useState<PopupRules>(popup?.rules ?? DEFAULT_POPUP_RULES);
  const [paths, setPaths] = useState((popup?.rules.pages.paths ?? []).join('\n'));
  const [published, setPublished] = useState(popup?.status === 'published');
  const [initial] = useState<PuckDocument>(() => popup?.document ?? EMPTY);
  const [document, setDocument] = useState<PuckDocument>(initial);
  const [tried, setTried] = useState(false);
  const onDocument = useCallback((next: PuckDocument) => setDocument(next), []);
  const set = <K extends keyof PopupRules>(key: K, value: PopupRules[K]) => setRules({ ...rules, [key]: value });

  const pathList = pathsOf(paths);
  const problems = {
    name: name.trim() === '' ? t('popups.nameRequired') : null,
    paths:
      rules.pages.mode !== 'all' && pathList.length === 0
        ? t('popups.pathsRequired')
        : pathList.some((path) => !PATH.test(path))
          ? t('popups.pathsInvalid')
          : pathList.length > 50
            ? t('popups.pathsTooMany')
            : null,
    document: published && document.content.length === 0 ? t('popups.emptyDocument') : null,
  };

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        status: published ? 'published' : 'draft',
        document,
        rules: { ...rules, pages: { mode: rules.pages.mode, paths: pathList } },
      };
      return popup === null
        ? api<MarketingPopup>(`${API}/popups`, { method: 'POST', body })
        : api<MarketingPopup>(`${API}/popups/${popup.id}`, { method: 'PUT', body });
    },
    onSuccess: (saved) => {
      toast(t('popups.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: popupKeys.all });
      onDone();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(problems).every((problem) => problem === null)) save.mutate();
  };
  const shown = (problem: string | null) => (tried ? problem : null);

  // The visual editor sits between two forms, never inside one: its own buttons must not submit the popup.
  return (
    <Stack style={{ marginTop: '1rem' }} data-testid="popup-editor">
      <Card as="form" onSubmit={submit} noValidate>
        <Stack>
          <h2 style={{ margin: 0 }}>{popup === null ? t('popups.newTitle') : t('popups.editTitle', { name: popup.name })}</h2>
          <Field label={t('popups.name')} hint={t('popups.nameHint')} error={shown(problems.name)}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required autoFocus data-testid="popup-name" />
          </Field>

          <h3 style={{ margin: '0.5rem 0 0' }}>{t('popups.rules')}</h3>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <Field label={t('popups.pages')}>
              <Select
                value={rules.pages.mode}
                onChange={(e) => set('pages', { ...rules.pages, mode: e.target.value as PopupRules['pages']['mode'] })}
                data-testid="popup-pages"
              >
                {PAGE_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`popups.pageModes.${mode}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {rules.pages.mode === 'all' ? null : (
              <Field label={t('popups.paths')} hint={t('popups.pathsHint')} error={shown(problems.paths)}>
                <Textarea value={paths} onChange={(e) => setPaths(e.target.value)} rows={3} maxLength={10_000} data-testid="popup-paths" />
              </Field>
            )}
          </Row>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <Field label={t('popups.trigger')}>
              <Select value={rules.trigger} onChange={(e) => set('trigger', e.target.value as PopupRules['trigger'])} data-testid="popup-trigger">
                {POPUP_TRIGGERS.map((trigger) => (
                  <option key={trigger} value={trigger}>
                    {t(`popups.triggers.${trigger}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {rules.trigger === 'delay' ? (
              <Field label={t('popups.delay')}>
                <Input
                  type="number"
                  min={0}
                  max={600}
                  value={rules.delay_seconds}
                  onChange={(e) => set('delay_seconds', clamp(e.target.value, 0, 600))}
                  data-testid="popup-delay"
                />
              </Field>
            ) : null}
            {rules.trigger === 'scroll' ? (
              <Field label={t('popups.scroll')}>
                <Input type="number" min={1} max={100} value={rules.scroll_percent} onChange={(e) => set('scroll_percent', clamp(e.target.value, 1, 100))} />
              </Field>
            ) : null}
            {rules.trigger === 'exit_intent' ? <Muted style={{ alignSelf: 'center' }}>{t('popups.exitHint')}</Muted> : null}
          </Row>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <Field label={t('popups.frequency')}>
              <Select value={rules.frequency} onChange={(e) => set('frequency', e.target.value as PopupRules['frequency'])} data-testid="popup-frequency">
                {POPUP_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`popups.frequencies.${frequency}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {rules.frequency === 'every_days' ? (
              <Field label={t('popups.everyDays')}>
                <Input type="number" min={1} max={365} value={rules.every_days} onChange={(e) => set('every_days', clamp(e.target.value, 1, 365))} />
              </Field>
            ) : null}
            <Field label={t('popups.audience')}>
              <Select value={rules.audience} onChange={(e) => set('audience', e.target.value as PopupRules['audience'])} data-testid="popup-audience">
                {POPUP_AUDIENCES.map((audience) => (
                  <option key={audience} value={audience}>
                    {t(`popups.audiences.${audience}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </Row>
          <Muted>{t('popups.closedHint')}</Muted>
        </Stack>
      </Card>
      <Card>
        <Stack>
          <Row $wrap style={{ justifyContent: 'space-between' }}>
            <h3 style={{ margin: 0 }}>{t('popups.content')}</h3>
            {shown(problems.document) === null ? null : <Badge $tone="danger">{problems.document}</Badge>}
          </Row>
          <Muted>{t('popups.contentHint')}</Muted>
          <DocumentEditor initial={initial} onChange={onDocument} title={name || t('popups.newTitle')} path="/" />
        </Stack>
      </Card>
      <Card as="form" onSubmit={submit} noValidate>
        <Stack>
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
            <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} data-testid="popup-published" />
            {t('popups.publish')}
          </label>
          <FormActions busy={save.isPending} label={t('save')} busyLabel={t('saving')} onCancel={onDone} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** A number input's value kept within its bounds (an empty box counts as the lowest). */
function clamp(value: string, min: number, max: number): number {
  const number = Math.round(Number(value));
  return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : min;
}
