import type { Data } from '@puckeditor/core';
import { BlockContextProvider } from '@lectern/theme-default/blocks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../api/bootstrap';
import { api } from '../../../api/client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageHeader } from '../../../ui/PageHeader';
import { Muted } from '../../../ui/primitives';
import { ErrorState, Loading, errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import type { PuckDocument } from '../../content/model';
import { canonicalDocument } from '../../content/editor/draft';
import { LeaveDialog, useLeaveGuard } from '../../content/editor/LeaveGuard';
import { PuckCanvas } from '../../content/editor/PuckCanvas';
import { usePluginBlocks } from '../../content/editor/usePluginBlocks';
import { usePreviewContext } from '../../content/editor/usePreviewContext';
import { SITE_KEY, type SiteData } from '../model';
import { BlocksToolbar } from './BlocksToolbar';
import { blockCount, blocksBody, EMPTY_DOCUMENT, storedDocument, type ShellPart } from './shell-document';

/**
 * The visual editor of the site's header or footer blocks (lazy chunk, with Puck): the band the
 * theme draws under the header bar, or above the footer columns. Opens on a fresh copy of the site
 * settings, so it never starts from blocks another tab has since replaced.
 */
export default function ShellBlocksEditor({ part }: { part: ShellPart }) {
  const { t } = useTranslation('site');
  const site = useQuery({ queryKey: SITE_KEY, queryFn: () => api<SiteData>('/api/account/site'), staleTime: 0, refetchOnMount: 'always' });
  const plugins = usePluginBlocks();
  const title = t(`site.blocks.${part}.title`);
  // Wait for the fresh copy (not a cached one) and the plugins' blocks before Puck reads the document.
  if (site.isError) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorState error={site.error} retry={() => void site.refetch()} />
      </>
    );
  }
  if (site.data === undefined || !site.isFetchedAfterMount || !plugins.ready) return <Loading />;
  return <Editor part={part} stored={storedDocument(site.data[part])} plugins={plugins.blocks} />;
}

function Editor({ part, stored, plugins }: { part: ShellPart; stored: PuckDocument; plugins: ReturnType<typeof usePluginBlocks>['blocks'] }) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  const siteUrl = useBootstrap().data?.account.site_url;
  const blockContext = usePreviewContext();
  const [saved, setSaved] = useState<PuckDocument>(stored);
  const [draft, setDraft] = useState<PuckDocument>(stored);
  // Puck reads its document once: clearing remounts it empty.
  const [canvas, setCanvas] = useState({ key: 0, document: stored });
  const [busy, setBusy] = useState<'save' | 'clear' | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const running = useRef(false);
  const dirty = canonicalDocument(saved) !== canonicalDocument(draft);
  const guard = useLeaveGuard(dirty && busy === null);
  const onCanvasChange = useCallback((data: Data) => setDraft(data as PuckDocument), []);

  /** Stores `document` as the part's blocks, with the section's other settings as the server holds them now. */
  const store = async (action: 'save' | 'clear', document: PuckDocument) => {
    // A ref, not the state: a double click arrives before the buttons re-render as disabled.
    if (running.current) return false;
    running.current = true;
    setBusy(action);
    try {
      const current = await api<SiteData>('/api/account/site');
      const site = await api<SiteData>('/api/account/site', { method: 'PUT', body: blocksBody(part, current[part], document) });
      queries.setQueryData(SITE_KEY, site);
      // What was sent is the baseline (the blocks as Puck holds them), as in the page editor.
      setSaved(document);
      toast(action === 'save' ? t('site.blocks.saved') : t(`site.blocks.${part}.cleared`));
      return true;
    } catch (error) {
      toast(t('site.blocks.failed', { reason: errorText(t, error) }), 'danger');
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const save = () => void store('save', draft);
  const clear = async () => {
    if (!(await store('clear', EMPTY_DOCUMENT))) return;
    setDraft(EMPTY_DOCUMENT);
    setCanvas((c) => ({ key: c.key + 1, document: EMPTY_DOCUMENT }));
    setConfirmClear(false);
  };

  // Ctrl/Cmd+S saves, as in the page editor.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const title = t(`site.blocks.${part}.title`);
  return (
    <div data-wide-screen data-editor={part}>
      <PageHeader title={title} />
      <Muted style={{ marginTop: '-0.5rem', marginBottom: '0.85rem' }}>{t(`site.blocks.${part}.hint`)}</Muted>
      <BlocksToolbar
        part={part}
        siteUrl={siteUrl}
        dirty={dirty}
        busy={busy}
        canClear={blockCount(saved) > 0 || blockCount(draft) > 0}
        onSave={save}
        onClear={() => setConfirmClear(true)}
      />
      <BlockContextProvider value={blockContext}>
        <PuckCanvas key={canvas.key} initial={canvas.document} onChange={onCanvasChange} title={title} path={siteUrl ?? ''} plugins={plugins} />
      </BlockContextProvider>
      <ConfirmDialog
        open={confirmClear}
        title={t(`site.blocks.${part}.clearConfirm`)}
        body={t('site.blocks.clearBody')}
        confirmLabel={t('site.blocks.clear')}
        busy={busy === 'clear'}
        onConfirm={() => void clear()}
        onClose={() => setConfirmClear(false)}
      />
      <LeaveDialog blocker={guard.blocker} />
    </div>
  );
}
