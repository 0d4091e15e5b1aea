/**
 * The browser entry: hydrates the server's HTML from the payload the server embedded. The page's
 * content and the footer stay as the server drew them (ServerSlot); an interactive page (sign-in,
 * pricing) loads its component first so hydration draws the same tree.
 */
import { hydrateRoot } from 'react-dom/client';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '@lectern/theme-default/kit';
import { ProviderRoot } from './app.js';
import { interactiveView } from './interactive-views.js';
// The default theme's base, widget, view and block styles (its components render here), then ours.
import '@lectern/theme-default/styles/base.css';
import '@lectern/theme-default/styles/widgets.css';
import '@lectern/theme-default/styles/views.css';
import '@lectern/theme-default/blocks.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/pages.css';
import './styles/pricing.css';

function readPayload(): PagePayload | null {
  const text = document.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text) as PagePayload;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  const payload = readPayload();
  // Without the server's data there is nothing to hydrate against; the page still works as HTML.
  if (root === null || payload === null) return;
  const load = interactiveView(payload.data);
  const content = load === undefined ? undefined : await load();
  hydrateRoot(root, <ProviderRoot payload={payload} content={content} />);
}

void start();
