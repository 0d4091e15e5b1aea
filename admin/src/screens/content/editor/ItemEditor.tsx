import type { Data } from '@puckeditor/core';
import { BlockContextProvider } from '@lectern/theme-default/blocks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageHeader } from '../../../ui/PageHeader';
import { Card } from '../../../ui/primitives';
import { ErrorState, Loading, errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import {
  apiBase,
  asDocument,
  itemKey,
  itemsKey,
  revisionsApi,
  CONTENT_KEY,
  type ContentItem,
  type ContentType,
  type PuckDocument,
  type Revision,
} from '../model';
import { previewPath, publicPath } from '../slug';
import { draftFromItem, draftProblems, emptyDraft, isDirty, requestBody, type Draft, type DraftProblems } from './draft';
import { EditorToolbar, type EditorAction } from './EditorToolbar';
import { LeaveDialog, useLeaveGuard } from './LeaveGuard';
import { PuckCanvas } from './PuckCanvas';
import { usePluginBlocks } from './usePluginBlocks';
import { usePreviewContext } from './usePreviewContext';
import { RevisionsDialog } from './RevisionsDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { SettingsPanel } from './SettingsPanel';

/** The page or post editor (lazy chunk): loads the item, or starts a new one when `id` is 'new'. */
export default function ItemEditor({ type, id }: { type: ContentType; id: string }) {
  const { t } = useTranslation('content');
  const creating = id === 'new';
  const item = useQuery({ queryKey: itemKey(type, id), queryFn: () => api<ContentItem>(`${apiBase(type)}/${id}`), enabled: !creating, staleTime: 0 });
  if (creating) return <EditorScreen type={type} initial={null} />;
  if (item.isPending) return <Loading />;
  if (item.isError) {
    return (
      <>
        <PageHeader title={t(`content.${type}.title`)} />
        <ErrorState error={item.error} retry={() => void item.refetch()} />
      </>
    );
  }
  return <EditorScreen type={type} initial={item.data} />;
}

/** Server refusals that belong to one field, shown next to it. */
interface ServerErrors {
  title?: string;
  slug?: string;
  terms?: string;
}

function EditorScreen({ type, initial }: { type: ContentType; initial: ContentItem | null }) {
  const { t, i18n } = useTranslation('content');
  const toast = useToast();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const settingsId = useId();
  const [item, setItem] = useState<ContentItem | null>(initial);
  const [saved, setSaved] = useState<Draft>(() => (initial === null ? emptyDraft() : draftFromItem(initial)));
  const [draft, setDraft] = useState<Draft>(saved);
  // Puck reads its document once: a restored revision remounts it with the new one.
  const [canvas, setCanvas] = useState<{ key: number; document: PuckDocument }>(() => ({ key: 0, document: saved.document }));
  const [busy, setBusy] = useState<EditorAction | null>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [settingsOpen, setSettingsOpen] = useState(initial === null);
  const [dialog, setDialog] = useState<'schedule' | 'revisions' | 'unpublish' | null>(null);
  const creating = item === null;
  const dirty = creating ? draft.title.trim() !== '' || isDirty(saved, draft) : isDirty(saved, draft);
  const problems = draftProblems(draft, creating);
  const guard = useLeaveGuard(dirty && busy === null);
  const blockContext = usePreviewContext();
  const pluginBlocks = usePluginBlocks();
  const running = useRef(false);
  const created = useRef<ContentItem | null>(null);

  const change = useCallback((update: (current: Draft) => Draft) => {
    setDraft(update);
    setServerErrors({});
  }, []);
  const onCanvasChange = useCallback((data: Data) => setDraft((current) => ({ ...current, document: data as PuckDocument })), []);

  /** Stores the draft: creates the item the first time, saves changes after; the server's copy is the new baseline. */
  const persist = async (current: Draft): Promise<ContentItem> => {
    if (item !== null && !isDirty(saved, current)) return item;
    const body = requestBody(type, current, item === null);
    const stored =
      item === null
        ? await api<ContentItem>(apiBase(type), { method: 'POST', body })
        : await api<ContentItem>(`${apiBase(type)}/${item.id}`, { method: 'PUT', body });
    if (item === null) created.current = stored;
    // What was sent is the baseline (the blocks as Puck holds them), with the slug the kernel kept.
    setSaved({ ...current, slug: stored.slug });
    setDraft((latest) => (latest.slug === '' ? { ...latest, slug: stored.slug } : latest));
    setItem(stored);
    return stored;
  };

  const afterStore = (stored: ContentItem, wasNew: boolean) => {
    queries.setQueryData(itemKey(type, stored.id), stored);
    void queries.invalidateQueries({ queryKey: itemsKey(type) });
    void queries.invalidateQueries({ queryKey: [CONTENT_KEY, 'revisions', stored.id] });
    if (wasNew) {
      guard.allowNext();
      void navigate(`/dashboard/${type}s/${stored.id}`, { replace: true });
    }
  };

  /** Runs an action after checking the draft; refusals land next to their field and in a toast. */
  const run = async (action: EditorAction, work: () => Promise<ContentItem | null>, needsValidDraft = true) => {
    // A ref, not the state: a double click arrives before the buttons re-render as disabled.
    if (running.current) return;
    if (needsValidDraft && Object.keys(problems).length > 0) {
      setTried(true);
      setSettingsOpen((open) => open || problemInSettings(problems));
      toast(t('editor.fixProblems'), 'danger');
      return;
    }
    const wasNew = item === null;
    running.current = true;
    setBusy(action);
    try {
      const stored = await work();
      if (stored !== null) afterStore(stored, wasNew);
    } catch (error) {
      // Created, then the next step (publish) failed: the item exists, so the editor moves to its address.
      if (wasNew && created.current !== null) afterStore(created.current, true);
      const fields = fieldErrors(error);
      setServerErrors(fields);
      toast(t('editor.failed', { reason: fields.slug ?? fields.terms ?? errorText(t, error) }), 'danger');
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const fieldErrors = (error: unknown): ServerErrors => {
    if (!(error instanceof ApiError)) return {};
    if (error.code === 'slug_taken') return { slug: t(`editor.errors.slugTaken.${type}`) };
    if (error.code === 'unknown_term') return { terms: t('editor.errors.unknownTerm') };
    return {};
  };

  const save = () =>
    run('save', async () => {
      const stored = await persist(draft);
      toast(stored.status === 'draft' ? t('editor.toast.draftSaved') : t('editor.toast.saved'));
      return stored;
    });

  const publish = (at?: Date) =>
    run(at === undefined ? 'publish' : 'schedule', async () => {
      const stored = await persist(draft);
      const published = await api<ContentItem>(`${apiBase(type)}/${stored.id}/publish`, {
        method: 'POST',
        body: at === undefined ? {} : { publish_at: at.toISOString() },
      });
      setItem(published);
      setDialog(null);
      toast(
        at === undefined
          ? t(`editor.toast.published.${type}`)
          : t('editor.toast.scheduled', { time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at) }),
      );
      return published;
    });

  const unpublish = () =>
    run(
      'unpublish',
      async () => {
        if (item === null) return null;
        const draftItem = await api<ContentItem>(`${apiBase(type)}/${item.id}/unpublish`, { method: 'POST', body: {} });
        setItem(draftItem);
        setDialog(null);
        toast(t(`editor.toast.unpublished.${type}`));
        return draftItem;
      },
      false,
    );

  const restore = (revision: Revision) =>
    run(
      'restore',
      async () => {
        if (item === null) return null;
        const restored = await api<ContentItem>(`${revisionsApi(item.id)}/${revision.id}/restore`, { method: 'POST', body: {} });
        const document = asDocument(restored.document);
        // The restored title and blocks replace what is on screen, unsaved edits included (the dialog said so).
        setSaved((s) => ({ ...s, title: restored.title, document }));
        setDraft((d) => ({ ...d, title: restored.title, document }));
        setCanvas((c) => ({ key: c.key + 1, document }));
        setItem(restored);
        setDialog(null);
        toast(t('editor.toast.restored'));
        return restored;
      },
      false,
    );

  /**
   * Opens the site's rendering of the draft in a new tab. With unsaved changes it saves first; the
   * tab is opened at once (still inside the click) and sent to the preview when the save is done.
   */
  const preview = () => {
    if (item !== null && !dirty) {
      window.open(previewPath(type, item.slug, item.id), '_blank', 'noopener');
      return;
    }
    if (Object.keys(problems).length > 0) {
      void run('preview', async () => null);
      return;
    }
    const tab = window.open('', '_blank');
    if (tab !== null) tab.opener = null;
    void run('preview', async () => {
      try {
        const stored = await persist(draft);
        if (tab !== null) tab.location.href = previewPath(type, stored.slug, stored.id);
        return stored;
      } catch (error) {
        tab?.close();
        throw error;
      }
    });
  };

  // Ctrl/Cmd+S saves, as in any editor.
  const saveRef = useLatest(save);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveRef]);

  const shownProblem = <K extends keyof DraftProblems>(key: K, text: (problem: NonNullable<DraftProblems[K]>) => string) => {
    const problem = problems[key];
    // A slug that breaks the pattern is said at once; an empty title only after an attempt.
    if (problem === undefined || !(tried || (key === 'slug' && problem !== 'required'))) return null;
    return text(problem as NonNullable<DraftProblems[K]>);
  };
  const titleError =
    serverErrors.title ?? shownProblem('title', (p) => (p === 'required' ? t('editor.field.titleRequired') : t('editor.field.tooLong', { max: 300 })));
  const slugError = serverErrors.slug ?? shownProblem('slug', (p) => t(`content.slug.${p}`));
  const headerTitle = draft.title.trim() || t(`editor.untitled.${type}`);

  return (
    <div data-wide-screen data-editor={type}>
      <PageHeader title={t(`editor.heading.${type}`, { title: headerTitle })} />
      <EditorToolbar
        type={type}
        item={item}
        draft={draft}
        dirty={dirty}
        busy={busy}
        titleError={titleError}
        slugError={slugError}
        settingsOpen={settingsOpen}
        settingsId={settingsId}
        onDraft={change}
        onToggleSettings={() => setSettingsOpen((open) => !open)}
        onSave={() => void save()}
        onPublish={() => void publish()}
        onSchedule={() => (Object.keys(problems).length > 0 ? void run('schedule', async () => null) : setDialog('schedule'))}
        onUnpublish={() => setDialog('unpublish')}
        onPreview={preview}
        onRevisions={() => setDialog('revisions')}
      />
      <section id={settingsId} hidden={!settingsOpen} aria-label={t('editor.settings')} style={{ marginBottom: '0.85rem' }}>
        <Card>
          <SettingsPanel type={type} draft={draft} onChange={change} problems={tried ? problems : {}} termsError={serverErrors.terms ?? null} />
        </Card>
      </section>
      <BlockContextProvider value={blockContext}>
        {pluginBlocks.ready ? (
          <PuckCanvas
            key={canvas.key}
            initial={canvas.document}
            onChange={onCanvasChange}
            title={headerTitle}
            path={publicPath(type, draft.slug || '…')}
            plugins={pluginBlocks.blocks}
          />
        ) : (
          <Loading />
        )}
      </BlockContextProvider>

      <ScheduleDialog
        open={dialog === 'schedule'}
        current={item?.status === 'scheduled' ? item.publish_at : null}
        busy={busy === 'schedule'}
        onSchedule={(at) => void publish(at)}
        onClose={() => setDialog(null)}
      />
      {item === null ? null : (
        <RevisionsDialog
          open={dialog === 'revisions'}
          itemId={item.id}
          dirty={dirty}
          busy={busy === 'restore'}
          onRestore={(revision) => void restore(revision)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'unpublish'}
        title={t(`editor.unpublishConfirm.${type}`)}
        body={t('editor.unpublishBody')}
        confirmLabel={t('editor.unpublish')}
        busy={busy === 'unpublish'}
        onConfirm={() => void unpublish()}
        onClose={() => setDialog(null)}
      />
      <LeaveDialog blocker={guard.blocker} />
    </div>
  );
}

/** Problems whose fields sit in the settings panel, which then opens to show them. */
const problemInSettings = (problems: DraftProblems) => ['excerpt', 'seoTitle', 'seoDescription', 'seoImage', 'featuredImage'].some((key) => key in problems);

/** A ref that always holds the latest value, for listeners registered once. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
