import { parse } from 'csv-parse/sync';

/** The most rows one import takes (a bigger list is imported in parts). */
export const MAX_IMPORT_ROWS = 20_000;

export interface ImportRow {
  /** The row's line in the file (1 is the first line), for the report. */
  line: number;
  email: string;
  name: string;
}

export type ParsedImport = { ok: true; rows: ImportRow[]; rejects: Array<{ line: number; email: string; reason: string }> } | { ok: false; problem: string };

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'e-mail address', 'mail'];
const NAME_HEADERS = ['name', 'full name', 'fullname'];

/**
 * Reads a CSV of contacts (comma, semicolon or tab separated, quoted fields, a byte-order mark):
 * with a header row naming an e-mail column (and a name, or first and last name columns), or
 * without one, the address first and the name second. Empty lines are skipped; a row without an
 * address is a reject of its own, so the report lists every row that was not taken.
 */
export function parseContactsCsv(text: string): ParsedImport {
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    (text.split('\n', 1)[0] ?? '').split(candidate).length > (text.split('\n', 1)[0] ?? '').split(best).length ? candidate : best,
  );
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as typeof records;
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : 'The file is not CSV' };
  }
  if (records.length === 0) return { ok: false, problem: 'The file holds no rows' };
  const header = records[0]!.record.map((cell) => cell.toLowerCase());
  const emailAt = header.findIndex((cell) => EMAIL_HEADERS.includes(cell));
  const hasHeader = emailAt >= 0;
  const nameAt = hasHeader ? header.findIndex((cell) => NAME_HEADERS.includes(cell)) : 1;
  const firstAt = header.findIndex((cell) => cell === 'first name' || cell === 'first_name' || cell === 'firstname');
  const lastAt = header.findIndex((cell) => cell === 'last name' || cell === 'last_name' || cell === 'lastname');
  const body = hasHeader ? records.slice(1) : records;
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, problem: `An import takes at most ${MAX_IMPORT_ROWS} rows; this file has ${body.length}` };
  const rows: ImportRow[] = [];
  const rejects: Array<{ line: number; email: string; reason: string }> = [];
  for (const { record, info } of body) {
    const email = (record[hasHeader ? emailAt : 0] ?? '').slice(0, 320);
    const named = nameAt >= 0 ? (record[nameAt] ?? '') : [record[firstAt] ?? '', record[lastAt] ?? ''].join(' ');
    if (email === '') rejects.push({ line: info.lines, email: '', reason: 'missing' });
    else rows.push({ line: info.lines, email, name: named.trim().slice(0, 200) });
  }
  return { ok: true, rows, rejects };
}
