import type { PluginTranslate } from '@lectern/sdk';
import type { CertificatePageData } from './certificate-load.js';
import { LmsStyles } from './styles.js';

/** The public check of a certificate: it is genuine, whose it is, for what, since when. */
export function CertificateView({ data, t }: { data: unknown; t: PluginTranslate }) {
  const certificate = data as CertificatePageData;
  return (
    <article className="container lms-certificate" data-testid="certificate-page">
      <LmsStyles />
      <p className="chip" data-testid="certificate-valid">
        {t('certificate.valid')}
      </p>
      <h1 className="post__title">{certificate.courseTitle}</h1>
      <dl className="lms-course__facts">
        <dt>{t('certificate.awardedTo')}</dt>
        <dd data-testid="certificate-student">{certificate.studentName}</dd>
        <dt>{t('certificate.completed')}</dt>
        <dd>
          <time dateTime={certificate.issuedAt}>{certificate.issuedOn}</time>
        </dd>
        <dt>{t('certificate.code')}</dt>
        <dd>
          <code>{certificate.code}</code>
        </dd>
      </dl>
    </article>
  );
}
