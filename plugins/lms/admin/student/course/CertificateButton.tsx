import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiBlob, Button, errorText, Icon, saveBlob, useToast } from '@lectern/admin/kit';
import { playerPath } from '../keys';

/**
 * The certificate of an evaluated course (a PDF). A plain link would not carry the member's bearer
 * token, so it is fetched with apiBlob and saved from memory.
 */
export function CertificateButton({ course, slug }: { course: string; slug: string }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => apiBlob(`${playerPath(course)}/certificate`),
    onSuccess: (blob) => saveBlob(blob, `certificate-${slug}.pdf`),
    onError: (error) => toast(errorText(t, error), 'danger'),
  });
  return (
    <Button onClick={() => download.mutate()} disabled={download.isPending} data-testid="certificate-download">
      <Icon name="file" />
      {download.isPending ? t('certificate.preparing') : t('certificate.download')}
    </Button>
  );
}
