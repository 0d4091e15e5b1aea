import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, Muted } from './primitives';

const Figure = styled.p`
  font-size: 1.8rem;
  font-weight: 700;
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

const ChartBox = styled.div`
  height: 16rem;
`;

/** A headline figure on a report: its label above, the value large. */
export function StatTile({ label, value, hint, testId }: { label: string; value: string; hint?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Muted>{label}</Muted>
      <Figure>{value}</Figure>
      {hint === undefined ? null : <Muted>{hint}</Muted>}
    </Card>
  );
}

/**
 * A chart on a report, titled, in a box of fixed height (a chart library's responsive container
 * fills it). The chart is an image to assistive technology, named by `summary` (the figures in words).
 */
export function ChartCard({ title, summary, testId, children }: { title: string; summary: string; testId?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <h2 style={{ marginTop: 0, fontSize: '1.05rem' }}>{title}</h2>
      <ChartBox role="img" aria-label={summary}>
        {children}
      </ChartBox>
    </Card>
  );
}
