import type { SiteRouteInput, SiteRouteResult } from '@lectern/sdk';
import { findByCode } from '../certificates/store.js';
import { issuedOn } from '../certificates/routes.js';
import { lmsDb } from '../db/tables.js';

export interface CertificatePageData {
  code: string;
  studentName: string;
  courseTitle: string;
  issuedOn: string;
  issuedAt: string;
}

/** GET /certificate/{code}: the public check printed on every certificate (unknown codes are not found). */
export async function loadCertificatePage({ db, accountId, params, t }: SiteRouteInput): Promise<SiteRouteResult | null> {
  const code = params.code ?? '';
  if (!/^[A-Za-z0-9-]{4,40}$/.test(code)) return null;
  const certificate = await findByCode(lmsDb(db), accountId, code);
  if (certificate === null) return null;
  const data: CertificatePageData = {
    code: certificate.code,
    studentName: certificate.student_name,
    courseTitle: certificate.course_title,
    issuedOn: issuedOn(certificate),
    issuedAt: certificate.issued_at,
  };
  // A person's name and achievement: checkable by whoever has the link, not listed by search engines.
  return {
    data,
    title: t('certificate.title', { code: certificate.code }),
    description: t('certificate.description', { student: certificate.student_name, course: certificate.course_title }),
    noindex: true,
  };
}
