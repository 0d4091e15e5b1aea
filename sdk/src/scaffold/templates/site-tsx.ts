import { pascalCase, type TemplateContext } from './context.js';

/** site/blocks.tsx: the editor's view of the block the server draws. */
export function siteBlocksTsx(ctx: TemplateContext): string {
  return `import { block } from '../src/site-block.js';

export const blocks = { ${pascalCase(ctx.name)}: block };
`;
}

/** site/client.tsx: the browser module with the site's islands. */
export function siteClientTsx(_ctx: TemplateContext): string {
  return `import { useState } from 'react';

/** Mounted after hydration where the block marked it; its props are what the block wrote. */
function Greeting({ props }: { props: unknown }) {
  const [count, setCount] = useState(0);
  const text = typeof props === 'object' && props !== null && 'text' in props ? String(props.text) : '';
  return <button type="button" onClick={() => setCount(count + 1)}>{\`\${text} (\${count})\`}</button>;
}

export const islands = { greeting: Greeting };
`;
}
