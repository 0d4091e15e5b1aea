import { tsString, type TemplateContext } from './context.js';

export function siteBlockTsx(ctx: TemplateContext): string {
  return `import { islandAttributes } from '@lectern/sdk/site';

/** Drawn by the server; the theme mounts the island (site/client.tsx) on the marked element. */
function Greeting({ text = '' }: { text?: string }) {
  return <section {...islandAttributes(${tsString(ctx.name)}, 'greeting', { text })}>{text}</section>;
}

/** A visual-editor block (a Puck component config): the site draws it, the editor offers it (site/blocks.tsx). */
export const block = { label: ${tsString(`${ctx.name}: greeting`)}, fields: { text: { type: 'text' } }, defaultProps: { text: 'Hello' }, render: Greeting };
`;
}
