import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiBlob, Button, errorText, Icon, useToast } from '@lectern/admin/kit';
import { playerPath } from '../keys';

/** Hands a downloaded Blob to the browser as a file; the object URL is released right after. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; a tick later the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
