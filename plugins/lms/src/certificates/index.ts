export { certificateRoutes, verifyPath, CertificateSchema } from './routes.js';
export { issueOnCompletion, CERTIFICATES_FEATURE } from './listener.js';
export { findByCode, findByStudent, issueCertificate, type Certificate } from './store.js';
export { certificatePdf } from './pdf.js';
