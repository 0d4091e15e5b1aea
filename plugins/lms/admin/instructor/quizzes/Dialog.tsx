import { Modal } from '@lectern/admin/kit';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// Roomier than the kit's default box, with a larger heading over the quiz forms.
const Shell = styled(Modal)`
  max-height: calc(100vh - 4rem);
  padding: 1.25rem;
  h2 {
    margin: 0 0 1rem;
    font-size: 1.2rem;
  }
`;

/**
 * A modal panel on the kit's Modal. A confirmation may open inside it: React hands an inner
 * dialog's close event to the enclosing dialogs' handlers too, so this one only closes for its own.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Shell open={open} title={title} onClose={onClose} width={40} testId={testId}>
      {children}
    </Shell>
  );
}
