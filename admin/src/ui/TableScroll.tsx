import styled from 'styled-components';

/**
 * Narrow screens (700 px) scroll a data table sideways instead of squeezing it; one box so every list
 * screen's tables share their cell classes (.nowrap, .num right-aligned figures, .tabular figures).
 */
export const TableScroll = styled.div`
  overflow-x: auto;
  /* Clips what is positioned inside too (a column's visually-hidden heading), so a phone never scrolls the page sideways. */
  position: relative;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td a {
    color: ${(p) => p.theme.primary};
    font-weight: 600;
  }
  .nowrap {
    white-space: nowrap;
  }
  .tabular {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .num {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
`;
