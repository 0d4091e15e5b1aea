import { useState } from 'react';
import styled from 'styled-components';

const Circle = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${(p) => p.theme.primary};
  color: ${(p) => p.theme.primaryText};
  font-size: ${(p) => Math.round(p.$size * 0.42)}px;
  font-weight: 700;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** A member's picture; SPEC §8: an avatar that fails to load falls back to the default (initials here). */
export function Avatar({ src, name, size = 32 }: { src: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <Circle $size={size} aria-hidden="true">
      {src !== null && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initials}
    </Circle>
  );
}
