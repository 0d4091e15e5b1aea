import type { SiteRoute } from '@lectern/sdk';
import { AuthPanel } from '../auth/auth-panel.js';
import { BlogList } from '../views/blog-list.js';
import { HomeView } from '../views/home-view.js';
import { MessageView } from '../views/message-view.js';
import { PageView } from '../views/page-view.js';
import { PostView } from '../views/post-view.js';
import { PluginPage } from './plugin-page.js';

/** What the kernel resolved the URL to, drawn. */
export function RouteView({ route }: { route: SiteRoute }) {
  switch (route.kind) {
    case 'home':
      return <HomeView page={route.page} />;
    case 'page':
      return <PageView page={route.page} />;
    case 'post':
      return <PostView post={route.post} />;
    case 'blog':
      return <BlogList posts={route.posts} total={route.total} page={route.page} perPage={route.perPage} category={route.category} />;
    case 'login':
      return <AuthPanel mode="login" />;
    case 'signup':
      return <AuthPanel mode="signup" />;
    case 'thankyou':
      return <MessageView title="thankyou.title" text="thankyou.text" homeLink testId="thankyou" />;
    case 'subscribed':
      return <MessageView title="subscribed.title" text="subscribed.text" homeLink testId="subscribed" />;
    case 'plugin':
      return <PluginPage route={route} />;
    default:
      // notFound, and 'static' paths, which this theme does not declare.
      return <MessageView title="notFound.title" text="notFound.text" homeLink testId="not-found" />;
  }
}
