/**
 * The few rules the LMS pages add to the theme's (cards reuse .blog-card, buttons .button, tags
 * .chip). Scoped under .lms- classes and built from the theme's custom properties so light and dark
 * schemes and the owner's colours apply. The site's CSP allows inline <style>.
 */
const CSS = `
.lms-card__placeholder{display:grid;place-items:center;aspect-ratio:16/9;border-radius:calc(var(--radius) - 2px);background:var(--color-muted-bg);color:var(--color-muted);font-size:2rem;font-weight:700}
.lms-card__image img,.lms-course__image img{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:calc(var(--radius) - 2px)}
.lms-tags{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;margin:.5rem 0;padding:0}
.lms-course{display:grid;gap:2rem;grid-template-columns:minmax(0,2fr) minmax(16rem,1fr);align-items:start;margin-block:2rem}
@media (max-width:48rem){.lms-course{grid-template-columns:1fr}}
.lms-course__aside{padding:1rem;background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius)}
.lms-course__facts{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0}
.lms-course__facts dt{color:var(--color-muted)}
.lms-course__facts dd{margin:0}
.lms-course__actions{display:grid;gap:.5rem}
.lms-wishlist-slot{margin-top:.5rem}
.lms-wishlist__error{margin:.25rem 0 0;color:var(--color-danger,#b42318);font-size:.875rem}
.lms-wishlist__error:empty{margin:0}
.lms-progress{height:.5rem;border-radius:999px;background:var(--color-muted-bg);overflow:hidden}
.lms-progress span{display:block;height:100%;background:var(--color-primary)}
.lms-outline{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.lms-outline__section h3{margin:0 0 .5rem;font-size:1.05rem}
.lms-outline__items{list-style:none;margin:0;padding:0;border:1px solid var(--color-border);border-radius:var(--radius)}
.lms-outline__items li{display:flex;align-items:center;gap:.6rem;padding:.6rem .8rem}
.lms-outline__items li+li{border-top:1px solid var(--color-border)}
.lms-reviews{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.lms-reviews li{padding:.75rem 1rem;border:1px solid var(--color-border);border-radius:var(--radius)}
.lms-reviews p{margin:.25rem 0}
.lms-block-placeholder{padding:1.5rem;border:2px dashed var(--color-border);border-radius:var(--radius);color:var(--color-muted);text-align:center}
.lms-grid{margin-block:2rem}
.lms-single{max-width:24rem}
.lms-certificate{max-width:40rem;margin-block:3rem}
.lms-outline__type{display:inline-flex;align-items:center;gap:.3rem;min-width:7rem;color:var(--color-muted);font-size:.875rem}
`;

export function LmsStyles() {
  return <style>{CSS}</style>;
}
