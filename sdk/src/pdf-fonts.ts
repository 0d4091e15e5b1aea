import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fonts: Promise<PdfFonts> | undefined;

/**
 * The fonts plugins embed in the PDFs they write (certificates, receipts): DejaVu Sans covers
 * Latin, Greek, Cyrillic, Arabic and Hebrew names, where the standard PDF fonts cover only
 * Latin-1. Read once per process; embed them with pdf-lib and its fontkit.
 */
export function pdfFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}
