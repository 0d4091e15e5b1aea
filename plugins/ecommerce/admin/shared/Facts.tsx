import styled from 'styled-components';

/** Label/value pairs of an order (buyer, dates, method): two columns that wrap long values at any width. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  margin: 0;
  dt {
    color: ${(p) => p.theme.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;
