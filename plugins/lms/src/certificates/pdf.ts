import { pdfFonts } from '@lectern/sdk';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface CertificateText {
  studentName: string;
  courseTitle: string;
  siteName: string;
  /** The date as the reader should see it (already formatted). */
  issuedOn: string;
  code: string;
  verifyUrl: string;
}

// A4 landscape, in points.
const WIDTH = 842;
const HEIGHT = 595;
const INK = rgb(0.13, 0.15, 0.2);
const ACCENT = rgb(0.23, 0.35, 0.75);
const MUTED = rgb(0.42, 0.45, 0.5);

/** Writes one line centred on the page, shrinking it until it fits inside the margins. */
function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK): void {
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(text, fitted) > WIDTH - 160) fitted -= 1;
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, fitted)) / 2, y, size: fitted, font, color });
}

/** The certificate as a one-page PDF: who, what, when, and where anyone can check it. */
export async function certificatePdf(text: CertificateText): Promise<Uint8Array> {
  const { regular, bold } = await pdfFonts();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Certificate: ${text.courseTitle}`);
  pdf.setAuthor(text.siteName);
  pdf.setSubject(`${text.studentName} completed ${text.courseTitle}`);
  const font = await pdf.embedFont(regular, { subset: true });
  const heavy = await pdf.embedFont(bold, { subset: true });
  const page = pdf.addPage([WIDTH, HEIGHT]);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: WIDTH - 68, height: HEIGHT - 68, borderColor: ACCENT, borderWidth: 0.75 });
  centred(page, text.siteName, HEIGHT - 100, font, 16, MUTED);
  centred(page, 'Certificate of Completion', HEIGHT - 160, heavy, 34, ACCENT);
  centred(page, 'This certifies that', HEIGHT - 220, font, 14, MUTED);
  centred(page, text.studentName, HEIGHT - 270, heavy, 30);
  centred(page, 'has successfully completed the course', HEIGHT - 315, font, 14, MUTED);
  centred(page, text.courseTitle, HEIGHT - 360, heavy, 24);
  centred(page, text.issuedOn, HEIGHT - 410, font, 14);
  centred(page, `Certificate ${text.code} · verify at ${text.verifyUrl}`, 60, font, 10, MUTED);
  return pdf.save();
}
