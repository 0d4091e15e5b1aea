import { isoOfLocal, localInputOf } from '../../shared/dates';
import type { Coupon, CouponInput, DiscountType } from '../../shared/model';
import { majorText, parseMajor } from '../../shared/money';

/** Where a coupon stands today, by SPEC §5's rules in their order (used up is checked first). */
export type CouponState = 'active' | 'scheduled' | 'expired' | 'usedUp';

export function couponState(coupon: Pick<Coupon, 'usage_limit' | 'usage_count' | 'date_start' | 'date_end'>, now: Date): CouponState {
  if (coupon.usage_limit > 0 && coupon.usage_count >= coupon.usage_limit) return 'usedUp';
  if (coupon.date_start !== null && Date.parse(coupon.date_start) > now.getTime()) return 'scheduled';
  if (coupon.date_end !== null && Date.parse(coupon.date_end) < now.getTime()) return 'expired';
  return 'active';
}

export const COUPON_STATE_TONE = { active: 'success', scheduled: 'info', expired: 'neutral', usedUp: 'warning' } as const;

/** The coupon form as typed: amounts and limits are text until they are checked. */
export interface CouponForm {
  name: string;
  discountType: DiscountType;
  /** Flat: major units of the site currency; percentage: 0–100. */
  amount: string;
  usageLimit: string;
  perUserLimit: string;
  dateStart: string;
  dateEnd: string;
}
export type CouponField = 'name' | 'amount' | 'usageLimit' | 'perUserLimit' | 'dateStart' | 'dateEnd';
/** Each failed field with the message key (namespace ecommerce-coupons) that explains it. */
export type CouponErrors = Partial<Record<CouponField, string>>;

export const emptyCouponForm = (): CouponForm => ({
  name: '',
  discountType: 'percentage',
  amount: '',
  usageLimit: '',
  perUserLimit: '',
  dateStart: '',
  dateEnd: '',
});

export function couponFormOf(coupon: Coupon, digits: number): CouponForm {
  return {
    name: coupon.name,
    discountType: coupon.discount_type,
    amount: coupon.discount_type === 'flat' ? majorText(coupon.coupon_amount, digits) : String(coupon.coupon_amount),
    usageLimit: coupon.usage_limit === 0 ? '' : String(coupon.usage_limit),
    perUserLimit: coupon.per_user_limit === 0 ? '' : String(coupon.per_user_limit),
    dateStart: localInputOf(coupon.date_start),
    dateEnd: localInputOf(coupon.date_end),
  };
}

const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const COUNT = /^\d{1,10}$/;
const MAX_USAGE = 1_000_000_000;
const MAX_PER_USER = 1_000_000;

/** A limit field: blank means no limit (0); otherwise a whole number up to `max`. */
function limitOf(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!COUNT.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= max ? value : null;
}

/** Checks the form as the server will (SPEC §3 Coupon) and builds the body to send when it passes. */
export function validateCoupon(form: CouponForm, digits: number): { errors: CouponErrors; input: CouponInput | null } {
  const errors: CouponErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'form.nameRequired';
  else if (!/^\S+$/.test(name)) errors.name = 'form.nameSpaces';
  else if (name.length > 60) errors.name = 'form.nameLong';

  let amount: number | null = null;
  if (form.discountType === 'percentage') {
    const text = form.amount.trim();
    const value = PERCENT.test(text) ? Number(text.replace(',', '.')) : NaN;
    if (Number.isNaN(value) || value > 100) errors.amount = 'form.percentInvalid';
    else amount = value;
  } else {
    amount = parseMajor(form.amount, digits);
    if (amount === null) errors.amount = 'form.amountInvalid';
  }

  const usageLimit = limitOf(form.usageLimit, MAX_USAGE);
  if (usageLimit === null) errors.usageLimit = 'form.limitInvalid';
  const perUserLimit = limitOf(form.perUserLimit, MAX_PER_USER);
  if (perUserLimit === null) errors.perUserLimit = 'form.limitInvalid';

  const dateStart = isoOfLocal(form.dateStart);
  if (form.dateStart.trim() !== '' && dateStart === null) errors.dateStart = 'form.dateInvalid';
  const dateEnd = isoOfLocal(form.dateEnd);
  if (form.dateEnd.trim() !== '' && dateEnd === null) errors.dateEnd = 'form.dateInvalid';
  else if (dateStart !== null && dateEnd !== null && Date.parse(dateEnd) < Date.parse(dateStart)) errors.dateEnd = 'form.endBeforeStart';

  if (Object.keys(errors).length > 0 || amount === null || usageLimit === null || perUserLimit === null) return { errors, input: null };
  return {
    errors,
    input: {
      name,
      discount_type: form.discountType,
      coupon_amount: amount,
      usage_limit: usageLimit,
      per_user_limit: perUserLimit,
      date_start: dateStart,
      date_end: dateEnd,
    },
  };
}
