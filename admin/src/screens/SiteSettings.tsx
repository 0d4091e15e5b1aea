import { useQuery } from '@tanstack/react-query';
import { createElement, useCallback, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useSearchParams } from 'react-router';
import { CACHE } from '../api/cache-times';
import { api } from '../api/client';
import { PageHeader } from '../ui/PageHeader';
import { Badge } from '../ui/primitives';
import { ErrorState, Loading } from '../ui/states';
import { LeaveDialog, useLeaveGuard } from './content/editor/LeaveGuard';
import NotFound from './NotFound';
import { BackendTab } from './site/BackendTab';
import { BlocksRoute } from './site/blocks/BlocksRoute';
import { DomainTab } from './site/DomainTab';
import { FooterTab } from './site/FooterTab';
import { GeneralTab } from './site/GeneralTab';
import { HeaderTab } from './site/HeaderTab';
import { MenusTab } from './site/MenusTab';
import { SITE_KEY, type SiteData } from './site/model';
import { NoticesTab } from './site/NoticesTab';
import { SideMenuTab } from './site/SideMenuTab';
import { TabPanel, Tabs } from '../ui/Tabs';
import { ThemeTab } from './site/ThemeTab';
import { TouchpointsTab } from './site/TouchpointsTab';
import type { TabProps } from './site/useSite';

const TABS = ['general', 'header', 'footer', 'theme', 'notices', 'menus', 'domain', 'sidemenu', 'touchpoints', 'backend'] as const;
type TabId = (typeof TABS)[number];
/** The tabs that edit a section of the site's options; the side menu and the touchpoints have their own API. */
const PANELS: Record<Exclude<TabId, 'sidemenu' | 'touchpoints'>, (props: TabProps) => ReactElement> = {
  general: GeneralTab,
  header: HeaderTab,
  footer: FooterTab,
  theme: ThemeTab,
  notices: NoticesTab,
  menus: MenusTab,
  domain: DomainTab,
  backend: BackendTab,
};
const isTab = (value: string | null): value is TabId => value !== null && (TABS as readonly string[]).includes(value);

/**
 * SPEC §3 /dashboard/manage/site: the settings tabs, and under them the visual editors of the
 * header's and the footer's blocks (the kernel's route guard gives these paths to the same
 * manage_options entry).
 */
export default function SiteSettings() {
  return (
    <Routes>
      <Route index element={<SettingsTabs />} />
      <Route path="header/blocks" element={<BlocksRoute part="header" />} />
      <Route path="footer/blocks" element={<BlocksRoute part="footer" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/**
 * The owner's site settings (SPEC §3 Account settings), a tab per section. Each tab saves its own
 * section; unsaved edits survive switching tabs, and leaving the page with some asks first (another
 * dashboard screen, a blocks editor, or closing the tab).
 */
function SettingsTabs() {
  const { t } = useTranslation('site');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const active: TabId = isTab(tabParam) ? tabParam : 'general';
  const [dirty, setDirty] = useState<Partial<Record<TabId, boolean>>>({});
  // Site options are cached for SPEC §9's hour; every save here refreshes them.
  const site = useQuery({ queryKey: SITE_KEY, queryFn: () => api<SiteData>('/api/account/site'), staleTime: CACHE.options });
  const reporters = useMemo(
    () =>
      Object.fromEntries(TABS.map((id) => [id, (value: boolean) => setDirty((old) => (old[id] === value ? old : { ...old, [id]: value }))])) as Record<
        TabId,
        (dirty: boolean) => void
      >,
    [],
  );
  const anyDirty = Object.values(dirty).some(Boolean);
  // Switching tabs changes only the query string, which the guard lets through.
  const guard = useLeaveGuard(anyDirty);
  const choose = useCallback(
    (id: string) => setParams((old) => (id === 'general' ? (old.delete('tab'), old) : (old.set('tab', id), old)), { replace: true }),
    [setParams],
  );
  return (
    <>
      <PageHeader title={t('site.title')} actions={anyDirty ? <Badge $tone="warning">{t('site.unsavedTabs')}</Badge> : undefined} />
      {site.isPending ? (
        <Loading />
      ) : site.isError ? (
        <ErrorState error={site.error} retry={() => void site.refetch()} />
      ) : (
        <>
          <Tabs
            idPrefix="site"
            dirtyLabel={t('site.unsavedMark')}
            label={t('site.sections')}
            active={active}
            onChange={choose}
            tabs={TABS.map((id) => ({ id, label: t(`site.tabs.${id}`), dirty: dirty[id] === true }))}
          />
          {TABS.map((id) => (
            <TabPanel key={id} id={id} idPrefix="site" active={id === active}>
              {id === 'sidemenu' ? (
                <SideMenuTab onDirty={reporters.sidemenu} />
              ) : id === 'touchpoints' ? (
                <TouchpointsTab active={id === active} />
              ) : (
                createElement(PANELS[id], { site: site.data, onDirty: reporters[id] })
              )}
            </TabPanel>
          ))}
        </>
      )}
      <LeaveDialog blocker={guard.blocker} />
    </>
  );
}
