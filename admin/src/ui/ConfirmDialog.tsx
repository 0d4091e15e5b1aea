import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import { Button, Row } from './primitives';

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
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose} width={28} fit>
      {props.body === undefined ? null : <p>{props.body}</p>}
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button $variant="secondary" onClick={props.onClose} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button $variant={props.danger === false ? 'primary' : 'danger'} onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </Button>
      </Row>
    </Modal>
  );
}
