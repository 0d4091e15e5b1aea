import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { CACHE } from '../api/cache-times';
import { ApiError } from '../api/errors';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import type { SiteConfig } from '../auth/supabase';
import { Shell } from '../shell/Shell';
import { GlobalStyle } from '../theme/GlobalStyle';
import { THEMES, type ThemeName } from '../theme/themes';
import { Loading } from '../ui/states';
import { ToastProvider } from '../ui/toasts';
import { PreferencesProvider, usePreferences } from './preferences';

const Login = lazy(() => import('../screens/Login'));
const ResetPassword = lazy(() => import('../screens/ResetPassword'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // SPEC §9: no refetch on window focus; data stays fresh for the profile's 5 minutes unless a query
      // says otherwise (options an hour, the role-bearing bootstrap 50 seconds).
      refetchOnWindowFocus: false,
      staleTime: CACHE.profile,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

function Themed({ children }: { children: ReactNode }) {
  const { theme } = usePreferences();
  return (
    <ThemeProvider theme={THEMES[theme]}>
      <GlobalStyle />
      <div data-theme={theme} style={{ display: 'contents' }}>
        {children}
      </div>
    </ThemeProvider>
  );
}

/** The dashboard needs a session: without one it goes to the login page, remembering where it was (SPEC §2 guards). */
function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const location = useLocation();
  if (session === undefined) return <Loading />;
  if (session === null) return <Navigate to={`/login?redirectedFrom=${encodeURIComponent(location.pathname)}`} replace />;
  return children;
}

/**
 * A data router (not <BrowserRouter>) so a screen can hold navigation while it has unsaved work
 * (react-router's useBlocker: the page and post editors). Screens keep their own nested <Routes>.
 */
function createRouter(site: SiteConfig) {
  return createBrowserRouter([
    {
      element: (
        <AuthProvider site={site}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </AuthProvider>
      ),
      children: [
        { path: '/login', element: <Login /> },
        { path: '/login/reset-password', element: <ResetPassword /> },
        {
          path: '/dashboard/*',
          element: (
            <RequireSession>
              <Shell />
            </RequireSession>
          ),
        },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ]);
}

export function App({ site, initialTheme }: { site: SiteConfig; initialTheme: ThemeName }) {
  const [router] = useState(() => createRouter(site));
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider initialTheme={initialTheme}>
        <Themed>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </Themed>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
