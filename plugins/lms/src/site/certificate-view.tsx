import type { CertificatePageData } from './certificate-load.js';
import { LmsStyles } from './styles.js';

/** The public check of a certificate: it is genuine, whose it is, for what, since when. */
export function CertificateView({ data }: { data: unknown }) {
  const certificate = data as CertificatePageData;
  return (
    <article className="container lms-certificate" data-testid="certificate-page">
      <LmsStyles />
      <p className="chip" data-testid="certificate-valid">
        ✓ Valid certificate
      </p>
      <h1 className="post__title">{certificate.courseTitle}</h1>
      <dl className="lms-course__facts">
        <dt>Awarded to</dt>
        <dd data-testid="certificate-student">{certificate.studentName}</dd>
        <dt>Completed</dt>
        <dd>
          <time dateTime={certificate.issuedAt}>{certificate.issuedOn}</time>
        </dd>
        <dt>Certificate</dt>
        <dd>
          <code>{certificate.code}</code>
        </dd>
      </dl>
    </article>
  );
}
