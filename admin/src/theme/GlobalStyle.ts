import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    background: ${(p) => p.theme.bg};
    color: ${(p) => p.theme.text};
    font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif;
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${(p) => p.theme.primary}; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }
  h1, h2, h3 { line-height: 1.25; margin: 0 0 0.75rem; }
  h1 { font-size: 1.5rem; }
  h2 { font-size: 1.15rem; }
  table { border-collapse: collapse; width: 100%; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
