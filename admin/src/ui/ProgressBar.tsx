import type { CSSProperties } from 'react';
import styled from 'styled-components';

type FillTone = 'primary' | 'success' | 'warning' | 'danger';

const Track = styled.div<{ $height: string }>`
  height: ${(p) => p.$height};
  border-radius: 999px;
  background: ${(p) => p.theme.surfaceAlt};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: FillTone }>`
  height: 100%;
  border-radius: 999px;
  background: ${(p) => p.theme[p.$tone]};
`;

/** How full a meter is, 0..1+; a limit of 0 (unknown plan) counts as full. */
export const usageRatio = (value: number, limit: number) => (limit <= 0 ? 1 : value / limit);
/** A usage meter's colour: danger when full, warning from 80 %, else the screen's own calm tone. */
export const usageTone = <T extends FillTone>(ratio: number, calm: T) => (ratio >= 1 ? 'danger' : ratio >= 0.8 ? 'warning' : calm);

/** The thin progress bar (role="progressbar") the usage meters and the setup checklist share. */
export function ProgressBar({
  ratio,
  tone,
  label,
  max,
  now,
  valueText,
  height = '0.45rem',
  style,
  ...data
}: {
  /** How much of the bar is filled, 0..1 (more is drawn full). */
  ratio: number;
  tone: FillTone;
  label: string;
  max: number;
  now: number;
  valueText?: string;
  height?: string;
  style?: CSSProperties;
  'data-tone'?: string;
}) {
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
      aria-valuetext={valueText}
      $height={height}
      style={style}
      {...data}
    >
      <Fill $tone={tone} style={{ width: `${Math.min(100, Math.round(ratio * 100))}%` }} />
    </Track>
  );
}
