import { BlogList, MessageView, PluginPage, PostView, pluginViewOf, type SiteExtensions } from '@lectern/theme-default/kit';
import type { SitePageData } from '@lectern/sdk';
import { siteName } from './shell/brand.js';
import { StoredDocument } from './stored-document.js';
import { AuthPage } from './pages/auth-page.js';
import { SignupPage } from './pages/signup/signup-page.js';
import { ContentPage } from './pages/content-page.js';
import { DocsIndexPage } from './pages/docs/docs-index-page.js';
import { GuidePage } from './pages/docs/guide-page.js';
import { findGuide } from './pages/docs/guides.js';
import { installedOf } from './pages/installed.js';
import { isOffered } from './pages/offer.js';
import { staticPage } from './site-map.js';
import { FeaturesPage } from './pages/features-page.js';
import { HomePage } from './pages/home-page.js';
import { PricingPage } from './pages/pricing/pricing-page.js';
import { ProductPage } from './pages/product-page.js';
import { UseCasesPage } from './pages/use-cases-page.js';

/** The pages the theme draws itself; null for a path it does not know. */
function staticView(path: string, data: SitePageData) {
  const signedIn = data.viewer !== null;
  const installed = installedOf(data);
  switch (path) {
    case '/product':
      return <ProductPage signedIn={signedIn} installed={installed} />;
    case '/use-cases':
      return <UseCasesPage signedIn={signedIn} installed={installed} />;
    case '/features':
      return <FeaturesPage signedIn={signedIn} installed={installed} />;
    case '/pricing':
      return <PricingPage plans={Array.isArray(data.plans) ? data.plans : []} />;
    case '/docs':
      return <DocsIndexPage installed={installed} docs={data.docs ?? []} />;
    default: {
      // A guide to an add-on this platform does not have is not a page here.
      const guide = findGuide(path);
      const info = staticPage(path);
      return guide === undefined || info === undefined || !isOffered(info, installed) ? null : <GuidePage guide={guide} />;
    }
  }
}

const FOUND_KINDS: ReadonlySet<string> = new Set(['home', 'page', 'post', 'blog', 'login', 'signup', 'thankyou', 'subscribed']);

/** Whether the route draws a real page (200) or the not-found page (404). */
export function routeFound(data: SitePageData, views: SiteExtensions['views']): boolean {
  const route = data.route;
  if (route.kind === 'static') return staticView(route.path, data) !== null;
  if (route.kind === 'plugin') return pluginViewOf(route, views) !== null;
  return FOUND_KINDS.has(route.kind);
}

function NotFound() {
  return <MessageView title="notFound.title" text="notFound.text" homeLink testId="not-found" />;
}

/** The main content for the route the kernel resolved (drawn on the server only; see interactive-views.tsx). */
export function RouteView({ data }: { data: SitePageData }) {
  const route = data.route;
  switch (route.kind) {
    case 'home':
      return route.page === null ? (
        <HomePage
          siteName={siteName(data.shell)}
          signedIn={data.viewer !== null}
          posts={Array.isArray(data.recentPosts) ? data.recentPosts : []}
          installed={installedOf(data)}
        />
      ) : (
        <StoredDocument item={route.page} />
      );
    case 'static':
      return staticView(route.path, data) ?? <NotFound />;
    case 'blog':
      return <BlogList posts={route.posts} total={route.total} page={route.page} perPage={route.perPage} category={route.category} />;
    case 'post':
      return <PostView post={route.post} />;
    case 'page':
      return <ContentPage page={route.page} />;
    case 'login':
      return <AuthPage mode="login" />;
    case 'signup':
      // The platform's sign-up makes a site (issue 18); the default theme's form would only make a member.
      return <SignupPage plans={Array.isArray(data.plans) ? data.plans : []} path={data.path} siteUrl={data.shell.siteUrl} />;
    case 'thankyou':
      return <MessageView title="thankyou.title" text="thankyou.text" homeLink testId="thankyou" />;
    case 'subscribed':
      return <MessageView title="subscribed.title" text="subscribed.text" homeLink testId="subscribed" />;
    case 'plugin':
      // The default theme's renderer: the plugin's view, or its not-found page.
      return <PluginPage route={route} />;
    default:
      return <NotFound />;
  }
}
