import type { PluginTranslate } from '@lectern/sdk';

/** How often a subscription renews, after its price, in the site's language: " / month", " every 3 months". */
export function periodText(t: PluginTranslate, duration: { value: number; parameter: string } | null): string {
  if (duration === null) return '';
  return t(`period.${duration.parameter}`, { count: duration.value });
}
