import type { DurationParameter, PriceType, Product, ProductInput, ProductStatus } from '../../shared/model';
import { majorText, parseMajor } from '../../shared/money';

/** The product form as typed: the price in major units and the renewal count are text until checked. */
export interface ProductForm {
  title: string;
  description: string;
  status: ProductStatus;
  priceType: PriceType;
  amount: string;
  /** One-time products: the sale price ('' when not on sale) and its end (a datetime-local value, '' for none). */
  saleAmount: string;
  saleEnds: string;
  durationValue: string;
  durationParameter: DurationParameter;
  featuredImage: string;
  cross: string[];
  courseId: string;
  membershipId: string;
}
export type ProductField = 'title' | 'amount' | 'saleAmount' | 'saleEnds' | 'durationValue' | 'featuredImage' | 'cross';
/** Each failed field with the message key (namespace ecommerce-products) that explains it. */
export type ProductErrors = Partial<Record<ProductField, string>>;

/** Limits of the server's product schema (plugins/ecommerce/src/products/schemas.ts). */
export const PRODUCT_LIMITS = { title: 200, description: 20_000, image: 2048, cross: 12, durationMax: 1000, amountMax: 1_000_000_000_000 } as const;

export const emptyProductForm = (): ProductForm => ({
  title: '',
  description: '',
  status: 'draft',
  priceType: 'onetime',
  amount: '',
  saleAmount: '',
  saleEnds: '',
  durationValue: '1',
  durationParameter: 'month',
  featuredImage: '',
  cross: [],
  courseId: '',
  membershipId: '',
});

/** An instant as a datetime-local input shows it (the browser's own time zone, to the minute). */
export function localInputOf(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

export function productFormOf(product: Product, digits: number): ProductForm {
  const { price, sale } = product.metadata;
  return {
    title: product.title,
    description: product.description,
    status: product.status,
    priceType: price.type,
    amount: majorText(price.amount, digits),
    saleAmount: sale === null ? '' : majorText(sale.amount, digits),
    saleEnds: sale?.ends_at == null ? '' : localInputOf(sale.ends_at),
    durationValue: String(price.duration?.value ?? 1),
    durationParameter: price.duration?.parameter ?? 'month',
    featuredImage: product.metadata.featured_image,
    cross: product.metadata.cross,
    courseId: product.course_id ?? '',
    membershipId: product.membership_id ?? '',
  };
}

/** Checks the form as the server will and builds the body to send (amount in minor units) when it passes. */
export function validateProduct(
  form: ProductForm,
  digits: number,
  selfId?: string,
  now: number = Date.now(),
): { errors: ProductErrors; input: ProductInput | null } {
  const errors: ProductErrors = {};
  const title = form.title.trim();
  if (title === '') errors.title = 'form.titleRequired';

  const amount = parseMajor(form.amount, digits);
  if (amount === null || amount > PRODUCT_LIMITS.amountMax) errors.amount = 'form.amountInvalid';

  const value = /^\d{1,4}$/.test(form.durationValue.trim()) ? Number(form.durationValue.trim()) : NaN;
  const subscription = form.priceType === 'subscription';
  if (subscription && !(value >= 1 && value <= PRODUCT_LIMITS.durationMax)) errors.durationValue = 'form.durationInvalid';

  // A sale: one-time products only, lower than the price, ending (if it does) in the future.
  let sale: ProductInput['sale'] = null;
  if (!subscription && form.saleAmount.trim() !== '') {
    const saleAmount = parseMajor(form.saleAmount, digits);
    const ends = form.saleEnds === '' ? null : new Date(form.saleEnds);
    if (saleAmount === null) errors.saleAmount = 'form.amountInvalid';
    else if (amount !== null && saleAmount >= amount) errors.saleAmount = 'form.saleNotLower';
    if (ends !== null && !(ends.getTime() > now)) errors.saleEnds = 'form.saleEndPassed';
    if (saleAmount !== null) sale = { amount: saleAmount, ends_at: ends === null || Number.isNaN(ends.getTime()) ? null : ends.toISOString() };
  }

  const image = form.featuredImage.trim();
  if (/\s/.test(image)) errors.featuredImage = 'form.imageInvalid';

  const cross = form.cross.filter((id) => id !== selfId);
  if (cross.length > PRODUCT_LIMITS.cross) errors.cross = 'form.crossTooMany';

  if (Object.keys(errors).length > 0 || amount === null) return { errors, input: null };
  return {
    errors,
    input: {
      title,
      description: form.description,
      status: form.status,
      price: { type: form.priceType, amount, duration: subscription ? { value, parameter: form.durationParameter } : null },
      sale,
      featured_image: image,
      cross,
      course_id: form.courseId === '' ? null : form.courseId,
      membership_id: form.membershipId === '' ? null : form.membershipId,
    },
  };
}
