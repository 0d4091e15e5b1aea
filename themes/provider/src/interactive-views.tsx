import type { ReactNode } from 'react';
import type { SitePageData } from '@lectern/sdk';

/**
 * The provider's pages that need React in the browser, each its own chunk, loaded before
 * hydrating (client.tsx) so the browser draws the same tree the server did. Every other page's
 * content stays as the server drew it (ServerSlot) and ships no JavaScript.
 * The server draws these same components (route-view.tsx).
 */
export function interactiveView(data: SitePageData): (() => Promise<ReactNode>) | undefined {
  const route = data.route;
  if (route.kind === 'login') {
    return () => import('./pages/auth-page.js').then(({ AuthPage }) => <AuthPage mode="login" />);
  }
  if (route.kind === 'signup') {
    const plans = Array.isArray(data.plans) ? data.plans : [];
    return () => import('./pages/signup/signup-page.js').then(({ SignupPage }) => <SignupPage plans={plans} path={data.path} siteUrl={data.shell.siteUrl} />);
  }
  if (route.kind === 'static' && route.path === '/pricing') {
    const plans = Array.isArray(data.plans) ? data.plans : [];
    return () => import('./pages/pricing/pricing-page.js').then(({ PricingPage }) => <PricingPage plans={plans} />);
  }
  return undefined;
}
