import { useTranslation } from 'react-i18next';
import { Button, Row } from './primitives';

/** An inline form's submit button (its busy label while saving) and the ghost button that closes the form. */
export function FormActions({
  busy,
  disabled = false,
  label,
  busyLabel,
  onCancel,
  cancelLabel,
  wrap = true,
}: {
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
  /** "Cancel" unless told. */
  cancelLabel?: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Row $wrap={wrap}>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
      <Button type="button" $variant="ghost" onClick={onCancel}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
    </Row>
  );
}
