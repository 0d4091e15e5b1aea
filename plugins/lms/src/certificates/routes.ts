import { AppError, Type, type PluginApp, type Static } from '@lectern/sdk';
import { lmsDb, requireCourse } from '../enrolment/store.js';
import { LmsErrors } from '../errors.js';
import { certificatePdf } from './pdf.js';
import { findByCode, findByStudent, type Certificate } from './store.js';

const tags = ['lms'];

export const CertificateSchema = Type.Object({
  code: Type.String(),
  course_title: Type.String(),
  student_name: Type.String(),
  issued_at: Type.String({ format: 'date-time' }),
});
/** A certificate as its public check sends it. */
export type CertificateWire = Static<typeof CertificateSchema>;

const CodeParams = Type.Object({ code: Type.String({ minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }) }, { additionalProperties: false });
const CourseParams = Type.Object({ course: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
/** Sent as bytes (a Buffer is never serialised); the schema documents it. */
const Pdf = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' });

/** Where anyone checks a certificate: the site's own page, printed on the certificate. */
export const verifyPath = (code: string) => `/certificate/${encodeURIComponent(code)}`;

const issuedOn = (certificate: Certificate) =>
  new Date(certificate.issued_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The student's certificate as a PDF, and the public check of a certificate by its code. */
export async function certificateRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/player/:course/certificate',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary:
          "The signed-in student's certificate of the course as a PDF (404 certificate_not_found until the course is evaluated with the certificates add-on on)",
        params: CourseParams,
        response: { 200: Pdf },
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

  app.get(
    '/public/certificates/:code',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Check a certificate by the code printed on it: who earned it, for which course, when',
        params: CodeParams,
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
