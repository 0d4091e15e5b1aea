import { useRef, type ReactNode } from 'react';
import { closeSiteOverlay, overlayKey, useOpenSiteOverlays, type SiteOverlay } from '@lectern/sdk/site';
import { ServerSlot } from '../app/server-slot.js';
import { useSite } from '../app/site-context.js';
import { useDialogFocus } from '../lib/use-dialog-focus.js';

/** Each overlay's document as the server drew it, by `<plugin>:<id>` (the browser passes none). */
export type OverlayBodies = Readonly<Record<string, ReactNode>>;

function Overlay({ overlay, open, body }: { overlay: SiteOverlay; open: boolean; body: ReactNode }) {
  const { t } = useSite();
  const key = overlayKey(overlay.plugin, overlay.id);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => closeSiteOverlay(key);
  useDialogFocus(panel, open, close);
  // Always in the page, hidden until its plugin opens it: fixed over the page, so it never moves what is under it.
  return (
    <div className="modal site-overlay" hidden={!open} data-overlay={key} data-testid="site-overlay">
      <div className="modal__backdrop" aria-hidden="true" onClick={close} />
      <div className="modal__dialog site-overlay__dialog" role="dialog" aria-modal="true" aria-label={overlay.title} ref={panel}>
        <button type="button" className="site-overlay__close" onClick={close} aria-label={t('common.close')}>
          <span aria-hidden="true">×</span>
        </button>
        <ServerSlot className="site-overlay__body">{body}</ServerSlot>
      </div>
    </div>
  );
}

/**
 * Plugins' overlays (SitePageData.overlays, a marketing popup): the theme's dialog around the
 * server-drawn document; the plugin's browser part opens one by its rules (openSiteOverlay), the
 * visitor closes it with its button, Escape or the backdrop, and the plugin hears it.
 */
export function SiteOverlays({ bodies }: { bodies?: OverlayBodies }) {
  const { data } = useSite();
  const open = useOpenSiteOverlays();
  const overlays = data.overlays ?? [];
  if (overlays.length === 0) return null;
  return (
    <>
      {overlays.map((overlay) => {
        const key = overlayKey(overlay.plugin, overlay.id);
        return <Overlay key={key} overlay={overlay} open={open.has(key)} body={bodies?.[key]} />;
      })}
    </>
  );
}
