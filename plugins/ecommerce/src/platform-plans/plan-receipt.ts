import fontkit from '@pdf-lib/fontkit';
import { currencyDigits, formatMoney, pdfFonts, type PlanInvoice } from '@lectern/sdk';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// A4 portrait, in points.
const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Card (Stripe)', offline: 'Bank transfer', paypal: 'PayPal', razorpay: 'Razorpay' };

export interface ReceiptParties {
  /** Who sold the plan: the platform. */
  seller: string;
  /** The site it pays for. */
  site: string;
}

/** Writes a line, shortened with an ellipsis when it would run past the right margin. */
function line(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number, color = INK): void {
  let shown = text;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > WIDTH - MARGIN - x) shown = `${shown.slice(0, -2)}…`;
  page.drawText(shown, { x, y, size, font, color });
}

/**
 * The receipt for one payment of a site's plan: who sold and who bought, the order number and the
 * date, what was paid for, how, and the amount (with what was refunded of the order, if any). One
 * A4 page, in DejaVu Sans so any site's name prints.
 */
export async function planReceiptPdf(invoice: PlanInvoice, parties: ReceiptParties): Promise<Uint8Array> {
  const { regular, bold } = await pdfFonts();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Receipt ${invoice.orderNumber}`);
  pdf.setProducer('Lectern');
  const [text, strong] = await Promise.all([pdf.embedFont(regular, { subset: true }), pdf.embedFont(bold, { subset: true })]);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const money = (minor: number) => formatMoney(minor, { code: invoice.currency, digits: currencyDigits(invoice.currency) });
  const date = new Date(invoice.paidAt).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

  let y = HEIGHT - MARGIN - 10;
  line(page, 'Receipt', MARGIN, y, strong, 26);
  line(page, parties.seller, MARGIN, (y -= 30), strong, 12);
  y -= 36;
  const facts: Array<[string, string]> = [
    ['Receipt number', invoice.orderNumber],
    ['Date paid', date],
    ['Billed to', parties.site],
    ['Payment method', PROVIDER_NAMES[invoice.provider] ?? invoice.provider],
  ];
  for (const [label, value] of facts) {
    line(page, label, MARGIN, y, text, 10, MUTED);
    line(page, value, MARGIN + 140, y, text, 11);
    y -= 20;
  }
  y -= 20;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: MUTED });
  y -= 24;
  line(page, 'Description', MARGIN, y, strong, 11);
  const amountX = WIDTH - MARGIN - 120;
  line(page, 'Amount', amountX, y, strong, 11);
  y -= 22;
  line(page, invoice.description, MARGIN, y, text, 11);
  line(page, money(invoice.amount), amountX, y, text, 11);
  y -= 18;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: MUTED });
  y -= 26;
  line(page, 'Total paid', MARGIN, y, strong, 13);
  line(page, money(invoice.amount), amountX, y, strong, 13);
  if (invoice.refunded > 0) {
    y -= 22;
    line(page, 'Refunded', MARGIN, y, text, 11, MUTED);
    line(page, `−${money(invoice.refunded)}`, amountX, y, text, 11, MUTED);
  }
  line(page, 'Thank you. Keep this receipt for your records.', MARGIN, MARGIN, text, 9, MUTED);
  return pdf.save();
}
