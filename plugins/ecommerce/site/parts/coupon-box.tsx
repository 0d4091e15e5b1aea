import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CouponMessage, Quote } from '../api/shop-api.js';
import { useShopText, type ShopKey } from '../i18n/shop-text.js';

/** What trying a coupon answered: accepted, or the SPEC §8 key of the refusal. */
export type CouponVerdict = { valid: true } | { valid: false; messageKey: ShopKey };

/** The refusal's message key; no SPEC key means there is no such coupon. */
export const refusalKey = (message: CouponMessage | null): ShopKey => (message === null || message === 'cart.couponApplied' ? 'cart.couponNotFound' : message);

interface CouponBoxProps {
  /** The coupon the cart holds (accepted when it was applied). */
  applied: string | undefined;
  /** The quote's verdict on the cart's coupon, when it has one. */
  verdict: Quote['coupon'];
  /** The discount, formatted. */
  discount: string | null;
  /** Prices the cart with the coupon; keeps it in the cart when the site accepts it. */
  onApply: (name: string) => Promise<CouponVerdict>;
  onRemove: () => void;
}

type InputState = { kind: 'neutral' } | { kind: 'invalid'; messageKey: ShopKey };

/**
 * SPEC §2 coupon box and §4 input states: an "add coupon" button opens an input with apply and
 * close buttons; the input turns red with the refusal's message (neutral again when edited); once
 * applied, a green chip shows the coupon's name, a remove control and the discount.
 */
export function CouponBox({ applied, verdict, discount, onApply, onRemove }: CouponBoxProps) {
  const t = useShopText();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [state, setState] = useState<InputState>({ kind: 'neutral' });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();

  // A coupon the cart held that the site now refuses (expired since): show why, input open.
  useEffect(() => {
    if (verdict !== null && !verdict.valid) {
      setOpen(true);
      setName(verdict.name);
      setState({ kind: 'invalid', messageKey: refusalKey(verdict.message) });
    }
  }, [verdict]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (applied !== undefined && (verdict === null || verdict.valid)) {
    return (
      <div className="shop-coupon shop-coupon--valid" data-testid="coupon-applied">
        <span className="shop-coupon__chip">
          <span data-testid="coupon-name">{applied}</span>
          <button
            type="button"
            className="shop-coupon__remove"
            aria-label={t('cart.couponRemove', { name: applied })}
            onClick={onRemove}
            data-testid="coupon-remove"
          >
            ×
          </button>
        </span>
        {discount === null ? null : (
          <span className="shop-coupon__discount" data-testid="coupon-discount">
            −{discount}
          </span>
        )}
        <p className="shop-coupon__message shop-coupon__message--valid" role="status">
          {t('cart.couponApplied')}
        </p>
      </div>
    );
  }

  if (!open) {
    return (
      <div className="shop-coupon">
        <button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="coupon-open">
          {t('cart.couponAdd')}
        </button>
      </div>
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted === '' || busy) return;
    setBusy(true);
    void onApply(wanted)
      .then((answer) => {
        setState(answer.valid ? { kind: 'neutral' } : { kind: 'invalid', messageKey: answer.messageKey });
        if (answer.valid) {
          setOpen(false);
          setName('');
        }
      })
      .finally(() => setBusy(false));
  };
  const invalid = state.kind === 'invalid';
  return (
    <form
      className={`shop-coupon shop-coupon--open${invalid ? ' shop-coupon--invalid' : ''}`}
      onSubmit={apply}
      data-testid="coupon-form"
      data-state={state.kind}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t('cart.couponLabel')}
      </label>
      <input
        ref={input}
        id={inputId}
        className="shop-coupon__input"
        value={name}
        maxLength={60}
        placeholder={t('cart.couponLabel')}
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={invalid ? messageId : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setState({ kind: 'neutral' });
        }}
        data-testid="coupon-input"
      />
      <button type="submit" className="button button--ghost" disabled={busy || name.trim() === ''} data-testid="coupon-apply">
        {t('cart.couponApply')}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('cart.couponClose')}
        onClick={() => {
          setOpen(false);
          setName('');
          setState({ kind: 'neutral' });
        }}
        data-testid="coupon-close"
      >
        ×
      </button>
      {invalid ? (
        <p id={messageId} className="shop-coupon__message shop-coupon__message--invalid" role="alert" data-testid="coupon-message" data-key={state.messageKey}>
          {t(state.messageKey)}
        </p>
      ) : null}
    </form>
  );
}
