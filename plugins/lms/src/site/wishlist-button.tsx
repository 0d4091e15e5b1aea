// Shared by the server (the course page) and the browser (site/wishlist-island.tsx): no server imports.

/** What the course page hands the wishlist island: the course, whether it is saved, and the words. */
export interface WishlistProps {
  courseId: string;
  saved: boolean;
  words: { add: string; saved: string; failed: string };
}

/**
 * Save for later: a toggle button (aria-pressed) under the call to action. The server draws it
 * without a handler; the island draws the same button and sends the change.
 */
export function WishlistButton({
  saved,
  words,
  busy = false,
  failed = false,
  onToggle,
}: Omit<WishlistProps, 'courseId'> & { busy?: boolean; failed?: boolean; onToggle?: () => void }) {
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block lms-wishlist"
        aria-pressed={saved}
        aria-busy={busy || undefined}
        disabled={onToggle === undefined || busy}
        onClick={onToggle}
        data-testid="course-wishlist"
      >
        <span aria-hidden="true">{saved ? '♥' : '♡'}</span> {saved ? words.saved : words.add}
      </button>
      <p className="lms-wishlist__error" role="status">
        {failed ? words.failed : ''}
      </p>
    </>
  );
}
