import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import styled from 'styled-components';
import { BOOTSTRAP_KEY, useBootstrap, type Bootstrap, type MenuItem } from '../api/bootstrap';
import { api } from '../api/client';
import { usePreferences } from '../app/preferences';
import { isLanguage } from '../i18n/languages';
import { screenFor } from '../routes/screens';
import NotFound from '../screens/NotFound';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ErrorState, Loading } from '../ui/states';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { Tour } from './Tour';
import { TrialBanner } from './TrialBanner';
import { usePresence } from './usePresence';
import { useSidebar } from './useSidebar';

const Layout = styled.div`
  display: flex;
  min-height: 100vh;
  > nav {
    position: sticky;
    top: 0;
    height: 100vh;
  }
  .column {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  main {
    flex: 1;
    padding: 1.25rem;
    max-width: 80rem;
    width: 100%;
    margin-inline: auto;
  }
  /* Screens that need the whole width (the visual editor's three panels) mark themselves. */
  main:has([data-wide-screen]) {
    max-width: none;
  }
`;
const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 55;
  background: rgba(0, 0, 0, 0.35);
`;

const relative = (path: string) => (path === '/dashboard' ? '' : path.slice('/dashboard/'.length));

function screenRoutes(items: MenuItem[]) {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const Screen = screenFor(item);
    if (Screen === undefined || seen.has(item.path)) return [];
    seen.add(item.path);
    const path = relative(item.path);
    const element = <Screen />;
    return path === '' ? [<Route key={item.id} index element={element} />] : [<Route key={item.id} path={`${path}/*`} element={element} />];
  });
}

/**
 * SPEC §2 writes the quick-create post link as /dashboard/post/: that address (with or without the
 * slash) opens the new-post editor for whoever has the "New post" entry.
 */
function aliasRoutes(items: MenuItem[]) {
  const newPost = items.find((item) => item.id === 'new-post');
  return newPost === undefined ? [] : [<Route key="alias:post" path="post" element={<Navigate to={newPost.path} replace />} />];
}

/** The signed-in dashboard: side menu, top bar and the screen of the current path. */
export function Shell() {
  const boot = useBootstrap();
  if (boot.isPending) return <Loading />;
  if (boot.isError) return <ErrorState error={boot.error} retry={() => void boot.refetch()} />;
  return <ShellFor boot={boot.data} />;
}

function ShellFor({ boot }: { boot: Bootstrap }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const queries = useQueryClient();
  const sidebar = useSidebar(boot.preferences.sidebar_open, prefs.saveSidebar);
  const online = usePresence(boot);
  // SPEC §4: the tour starts by itself while the account is onboarding and no progress marker exists.
  const [tourStep, setTourStep] = useState<number | null>(boot.account.onboard && boot.tour === null ? 0 : null);

  // The member's saved choices win over this browser's last ones; else the account's default language.
  // Applied when the saved values change, not on every language switch (that would undo the switch).
  const { setTheme, setLanguage } = prefs;
  const language = boot.preferences.language ?? boot.account.default_language;
  useEffect(() => setTheme(boot.preferences.theme, false), [boot.preferences.theme, setTheme]);
  useEffect(() => {
    if (isLanguage(language) && language !== i18next.language) void setLanguage(language, false);
  }, [language, setLanguage]);

  const restartTour = useCallback(async () => {
    await api('/api/dashboard/tour', { method: 'DELETE' });
    await queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    setTourStep(0);
  }, [queries]);

  const items = [...boot.menu.sidebar, ...boot.menu.profile, ...boot.menu.quick];
  return (
    <Layout data-mode={boot.menu.mode}>
      <Sidebar
        items={boot.menu.sidebar}
        open={sidebar.open}
        mobile={sidebar.mobile}
        title={boot.account.sitetitle ?? boot.account.name}
        logo={(prefs.theme === 'light' ? boot.account.logo : (boot.account.dark_logo ?? boot.account.logo)) ?? null}
        // The schema leaves the logo fields optional; the server always sends them (logo_width defaults to 4).
        logoWidth={boot.account.logo_width ?? 4}
      />
      {sidebar.mobile && sidebar.open ? <Scrim onClick={sidebar.close} aria-hidden="true" /> : null}
      <div className="column">
        <TopBar boot={boot} sidebarOpen={sidebar.open} onToggleSidebar={sidebar.toggle} onRestartTour={() => void restartTour()} online={online} />
        {/* Its own boundary: the billing texts load on their own, never holding up the screen. */}
        <Suspense fallback={null}>
          <TrialBanner boot={boot} />
        </Suspense>
        <main id="main" aria-label={t('shell.main')}>
          <ErrorBoundary>
            <Suspense fallback={<Loading />}>
              <Routes>
                {screenRoutes(items)}
                {aliasRoutes(items)}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {tourStep === null ? null : <Tour step={tourStep} onStep={setTourStep} onEnd={() => setTourStep(null)} />}
    </Layout>
  );
}
