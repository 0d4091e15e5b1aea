import { camelCase, tsString, type TemplateContext } from './context.js';

export function errorsTs(ctx: TemplateContext): string {
  return `import { defineErrors } from '@lectern/sdk';

/** The plugin's error catalogue: codes unique platform-wide; keys translated in locales/<language>/errors.json. */
export const Errors = defineErrors({
  titleTaken: { code: ${tsString(`${ctx.underscored}_title_taken`)}, status: 409, messageKey: ${tsString(`${camelCase(ctx.name)}.titleTaken`)}, message: 'Another item already has this title' },
});
`;
}
