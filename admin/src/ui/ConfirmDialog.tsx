import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Row } from './primitives';

const Dialog = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  max-width: 28rem;
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
`;

/** Asks before a destructive action; Escape or Cancel closes it, focus starts on Cancel. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs can share a screen (a picker's and the screen's own): each titles itself.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <Dialog ref={ref} onClose={props.onClose} aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.body === undefined ? null : <p>{props.body}</p>}
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button $variant="secondary" onClick={props.onClose} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button $variant={props.danger === false ? 'primary' : 'danger'} onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </Row>
    </Dialog>
  );
}
