import { AppError, type PluginApp } from '@lectern/sdk';
import { lmsDb, requireCourse } from '../enrolment/store.js';
import { LmsErrors } from '../errors.js';
import { certificatePdf } from './pdf.js';
import { findByCode, findByStudent, type Certificate } from './store.js';

const tags = ['lms'];

export const CertificateSchema = {
  type: 'object',
  required: ['code', 'course_title', 'student_name', 'issued_at'],
  properties: {
    code: { type: 'string' },
    course_title: { type: 'string' },
    student_name: { type: 'string' },
    issued_at: { type: 'string', format: 'date-time' },
  },
} as const;

const CODE = { type: 'string', minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' } as const;

/** Where anyone checks a certificate: the site's own page, printed on the certificate. */
export const verifyPath = (code: string) => `/certificate/${encodeURIComponent(code)}`;

const issuedOn = (certificate: Certificate) =>
  new Date(certificate.issued_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The student's certificate as a PDF, and the public check of a certificate by its code. */
export async function certificateRoutes(app: PluginApp): Promise<void> {
  app.get<{ Params: { course: string } }>(
    '/player/:course/certificate',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary:
          "The signed-in student's certificate of the course as a PDF (404 certificate_not_found until the course is evaluated with the certificates add-on on)",
        params: { type: 'object', required: ['course'], additionalProperties: false, properties: { course: { type: 'string', minLength: 1, maxLength: 200 } } },
        // Sent as bytes (a Buffer is never serialised); the schema documents it.
        response: { 200: { type: 'string', format: 'binary', description: 'application/pdf' } },
      },
    },
    async (request, reply) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      const certificate = await findByStudent(db, account.id, course.id, userId as string);
      if (certificate === null) throw new AppError(LmsErrors.certificateNotFound);
      const origin = `${request.protocol}://${request.host}`;
      const pdf = await certificatePdf({
        studentName: certificate.student_name,
        courseTitle: certificate.course_title,
        siteName: account.name,
        issuedOn: issuedOn(certificate),
        code: certificate.code,
        verifyUrl: `${origin}${verifyPath(certificate.code)}`,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${course.slug}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get<{ Params: { code: string } }>(
    '/public/certificates/:code',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Check a certificate by the code printed on it: who earned it, for which course, when',
        params: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: CODE } },
        response: { 200: CertificateSchema },
      },
    },
    async (request) => {
      const certificate = await findByCode(lmsDb(request.ctx), request.ctx.account.id, request.params.code);
      if (certificate === null) throw new AppError(LmsErrors.certificateNotFound);
      return certificate;
    },
  );
}

export { issuedOn };
