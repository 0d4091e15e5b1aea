import { Button } from '@lectern/admin/kit';

/** The builders' ↑ and ↓ buttons for one item of a list (form fields, campaign blocks, automation actions), each named for screen readers. */
export function MoveButtons({ first, last, onMove, up, down }: { first: boolean; last: boolean; onMove: (by: -1 | 1) => void; up: string; down: string }) {
  return (
    <>
      <Button type="button" $variant="ghost" disabled={first} onClick={() => onMove(-1)} aria-label={up}>
        ↑
      </Button>
      <Button type="button" $variant="ghost" disabled={last} onClick={() => onMove(1)} aria-label={down}>
        ↓
      </Button>
    </>
  );
}
