export interface FontFamily {
  /** Stable id stored in theme settings, and the name of its CSS entry (entries/<id>.css). */
  id: string;
  /** What owners see in the theme settings. */
  label: string;
  /** CSS font-family value: the self-hosted face first, then close system fallbacks. */
  stack: string;
  /** The weights the bundled files cover. */
  weights: number[];
}

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const SERIF = "Georgia, Cambria, 'Times New Roman', Times, serif";

/** Every hundred from `from` to `to`: what a variable font's weight axis offers. */
const range = (from: number, to: number) => Array.from({ length: (to - from) / 100 + 1 }, (_, index) => from + index * 100);

/** A variable font package: its face is named '<Label> Variable' and covers a weight range. */
const variable = (id: string, label: string, from: number, to: number, fallback: string): FontFamily => ({
  id,
  label,
  stack: `'${label} Variable', '${label}', ${fallback}`,
  weights: range(from, to),
});

/** A static font package: one file set per weight (the entry imports exactly these). */
const fixed = (id: string, label: string, weights: number[], fallback: string): FontFamily => ({ id, label, stack: `'${label}', ${fallback}`, weights });

/**
 * SPEC §9: the 17 font families offered, all self-hosted from @fontsource packages (never a font
 * CDN). Weight ranges are those of the packages' files.
 */
export const FONT_FAMILIES: readonly FontFamily[] = [
  variable('inter', 'Inter', 100, 900, SANS),
  variable('roboto', 'Roboto', 100, 900, SANS),
  variable('open-sans', 'Open Sans', 300, 800, SANS),
  fixed('lato', 'Lato', [300, 400, 700, 900], SANS),
  variable('montserrat', 'Montserrat', 100, 900, SANS),
  fixed('poppins', 'Poppins', [300, 400, 500, 600, 700], SANS),
  variable('raleway', 'Raleway', 100, 900, SANS),
  variable('nunito', 'Nunito', 200, 1000, SANS),
  variable('source-sans-3', 'Source Sans 3', 200, 900, SANS),
  variable('merriweather', 'Merriweather', 300, 900, SERIF),
  variable('playfair-display', 'Playfair Display', 400, 900, SERIF),
  variable('lora', 'Lora', 400, 700, SERIF),
  fixed('pt-serif', 'PT Serif', [400, 700], SERIF),
  variable('work-sans', 'Work Sans', 100, 900, SANS),
  variable('dm-sans', 'DM Sans', 100, 1000, SANS),
  variable('rubik', 'Rubik', 300, 900, SANS),
  variable('noto-sans', 'Noto Sans', 100, 900, SANS),
];

export const SYSTEM_FONT_STACK = SANS;
