/**
 * The few rules the shop adds to the theme's (buttons are .button, inputs .field, the dialog .modal).
 * Scoped under .shop- classes and built from the theme's custom properties, so light and dark
 * schemes and the owner's colours apply. The site's CSP allows inline <style>. Shared by the server
 * views and blocks and the browser's cart, so one file holds it.
 */
export const SHOP_CSS = `
.shop-modal__dialog{width:min(34rem,100%)}
.shop-modal__head,.shop-modal__foot{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:.75rem 1rem;border-bottom:1px solid var(--color-border)}
.shop-modal__foot{border-bottom:0;border-top:1px solid var(--color-border);justify-content:flex-end}
.shop-modal__title{margin:0;font-size:1.15rem}
.shop-modal__body{padding:1rem;overflow-y:auto;display:grid;gap:1rem}
.shop-modal__status{margin:0;color:var(--color-muted)}
.shop-lines{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.shop-line{display:grid;grid-template-columns:56px minmax(0,1fr) auto auto;align-items:center;gap:.75rem}
.shop-line__image{width:56px;height:56px;object-fit:cover;border-radius:calc(var(--radius) - 2px);background:var(--color-muted-bg);display:block}
.shop-line__text{display:grid;gap:.25rem;min-width:0}
.shop-line__title{font-weight:600;overflow-wrap:anywhere}
.shop-line__frequency{color:var(--color-muted);font-size:.9em}
.shop-line__quantity{display:inline-flex;align-items:center;gap:.4rem}
.shop-line__step{width:2rem;height:2rem}
.shop-line__price{font-weight:600;white-space:nowrap}
.shop-totals{display:grid;grid-template-columns:1fr auto;gap:.35rem 1rem;margin:0}
.shop-totals dd{margin:0;text-align:end;font-weight:600}
.shop-coupon{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.shop-coupon__input{flex:1;min-width:8rem;padding:.5rem .7rem;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-bg);color:inherit;font:inherit}
.shop-coupon--invalid .shop-coupon__input{border-color:var(--color-danger);box-shadow:0 0 0 1px var(--color-danger)}
.shop-coupon__message{flex-basis:100%;margin:0;font-size:.9em}
.shop-coupon__message--invalid{color:var(--color-danger)}
.shop-coupon__message--valid{color:#2b8a3e}
.shop-coupon__chip{display:inline-flex;align-items:center;gap:.35rem;padding:.25rem .6rem;border:1px solid #2b8a3e;border-radius:999px;color:#2b8a3e;font-weight:600}
.shop-coupon__remove{border:0;background:none;color:inherit;font:inherit;cursor:pointer;padding:0 .2rem}
.shop-coupon__discount{font-weight:600;color:#2b8a3e}
.shop-cross{border-top:1px solid var(--color-border);padding-top:1rem}
.shop-cross__title{margin:0 0 .75rem;font-size:1rem}
.shop-cross__actions{display:inline-flex;gap:.4rem}
.shop-cross .shop-line{grid-template-columns:56px minmax(0,1fr) auto}
.shop-cross__actions{grid-column:2/-1}
.shop-frame{min-height:100vh;background:var(--color-surface)}
.shop-frame__bar{display:flex;align-items:center;padding:1rem;border-bottom:1px solid var(--color-border);background:var(--color-bg)}
.shop-frame__home{font-weight:700;font-size:1.15rem;color:inherit;text-decoration:none}
.shop-frame__home img{display:block;max-height:2.5rem;width:auto}
.shop-frame__main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem}
.shop-checkout{display:grid;gap:2rem;grid-template-columns:minmax(0,3fr) minmax(16rem,2fr);align-items:start}
@media (max-width:48rem){.shop-checkout{grid-template-columns:1fr}}
.shop-checkout__main{display:grid;gap:1.5rem}
.shop-checkout__main h2,.shop-checkout__aside h2{font-size:1.1rem;margin:0 0 .75rem}
.shop-checkout__aside{display:grid;gap:1rem;padding:1rem;background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius)}
.shop-checkout__payment{border:1px solid var(--color-border);border-radius:var(--radius);padding:1rem;display:grid;gap:.5rem}
.shop-checkout__provider{display:flex;align-items:center;gap:.5rem}
.shop-checkout__modes{display:flex;gap:.4rem;margin-bottom:.75rem}
.shop-checkout select{width:100%;padding:.6rem .75rem;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-bg);color:inherit;font:inherit}
.shop-checkout--empty{display:grid;justify-items:start;gap:1rem;grid-template-columns:1fr}
.shop-summary__lines{list-style:none;margin:0 0 .75rem;padding:0;display:grid;gap:.5rem}
.shop-summary__line{display:flex;justify-content:space-between;gap:1rem}
.shop-products{list-style:none;margin:0;padding:0;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}
.shop-card{display:grid;gap:.6rem;align-content:start;padding:1rem;border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-bg)}
.shop-card__image{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:calc(var(--radius) - 2px);background:var(--color-muted-bg)}
.shop-card__title{margin:0;font-size:1.05rem}
.shop-card__price{font-weight:700}
.shop-card__was{font-weight:400;color:var(--color-muted)}
.shop-card__text{margin:0;color:var(--color-muted)}
.shop-block-placeholder{padding:1rem;border:1px dashed var(--color-border);border-radius:var(--radius);color:var(--color-muted)}
`;
