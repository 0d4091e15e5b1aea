import type { OrderLine } from './model';

/** An order's lines in one short line for a table cell: "Course pack ×2, Club". */
export function itemsSummary(lines: readonly OrderLine[]): string {
  return lines.map((line) => (line.quantity > 1 ? `${line.title} ×${line.quantity}` : line.title)).join(', ');
}
