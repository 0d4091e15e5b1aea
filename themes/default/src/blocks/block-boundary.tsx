import { Component, Suspense, type ReactNode } from 'react';

/** In the browser: a block that throws while rendering or updating is dropped, not the page. */
class BrowserBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Keeps one broken block from taking the page down. Error boundaries do nothing in a server
 * render, but a Suspense boundary does: React's server renderer draws the fallback (nothing) for an
 * error below it and lets the browser retry, where the error boundary then catches it. Blocks
 * still validate their props themselves; this is the last line for what slips through (a
 * plugin's block, a bug).
 */
export function BlockBoundary({ children }: { children: ReactNode }) {
  return (
    <BrowserBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </BrowserBoundary>
  );
}
