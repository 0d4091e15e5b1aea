/** How often a subscription renews, after its price: " / month", " every 3 months". */
export function periodText(duration: { value: number; parameter: string } | null): string {
  if (duration === null) return '';
  return duration.value === 1 ? ` / ${duration.parameter}` : ` every ${duration.value} ${duration.parameter}s`;
}
