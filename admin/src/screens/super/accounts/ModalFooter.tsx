import { useTranslation } from 'react-i18next';
import { Button, Row } from '../../../ui/primitives';
import { ErrorText } from '../shared';
import { serverText } from './server-text';

/** A per-row editor's failure, Cancel and submit (showing "Saving…" while its mutation runs). */
export function ModalFooter({
  mutation,
  disabled,
  submitLabel,
  onClose,
  errorTestId,
}: {
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  disabled: boolean;
  submitLabel: string;
  onClose: () => void;
  errorTestId?: string;
}) {
  const { t } = useTranslation('platform');
  return (
    <>
      {mutation.isError ? (
        <ErrorText role="alert" data-testid={errorTestId}>
          {serverText(t, mutation.error)}
        </ErrorText>
      ) : null}
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={disabled || mutation.isPending}>
          {mutation.isPending ? t('common.saving') : submitLabel}
        </Button>
      </Row>
    </>
  );
}
