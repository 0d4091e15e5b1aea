/**
 * The few rules marketing forms add to the theme's (.field, .field__hint, .button, .visually-hidden),
 * built from the theme's custom properties so light and dark schemes and the owner's colours apply.
 * Shared by the server's copy of a form and the island, so the page does not move when it takes over.
 */
export const MARKETING_CSS = `
.mk-form{display:grid;gap:.25rem;max-width:36rem}
.mk-form__heading{margin:0 0 .75rem}
.mk-form textarea,.mk-form select{width:100%;padding:.6rem .75rem;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-bg);color:var(--color-text);font:inherit}
.mk-form__choices{border:0;margin:0 0 1rem;padding:0;min-width:0;display:grid;gap:.35rem}
.mk-form__choices legend{font-weight:600;margin-bottom:.3rem;padding:0}
.mk-form__choices label,.mk-form__check label{display:flex;align-items:flex-start;gap:.5rem;font-weight:400}
.mk-form__choices input,.mk-form__check input{width:auto;margin-top:.2rem}
.mk-form__required{color:var(--color-danger)}
.mk-form__field--invalid input,.mk-form__field--invalid textarea,.mk-form__field--invalid select{border-color:var(--color-danger);box-shadow:0 0 0 1px var(--color-danger)}
.mk-form__error{margin:0;color:var(--color-danger);font-size:.9rem}
.mk-form__trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.mk-form__done{padding:1rem;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-surface)}
.mk-form .button{justify-self:start;margin-top:.25rem}
`;
