/**
 * The browser entry: hydrates the server's HTML from the payload the server embedded (the same
 * tree, so nothing is redrawn).
 */
import { hydrateRoot } from 'react-dom/client';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '@lectern/theme-default';
import { ProviderRoot } from './app.js';
// The default theme's base, widget, view and block styles (its components render here), then ours.
import '../../default/src/styles/base.css';
import '../../default/src/styles/widgets.css';
import '../../default/src/styles/views.css';
import '../../default/src/blocks/blocks.css';
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

const root = document.getElementById('root');
const payload = readPayload();
// Without the server's data there is nothing to hydrate against; the page still works as HTML.
if (root !== null && payload !== null) hydrateRoot(root, <ProviderRoot payload={payload} />);
