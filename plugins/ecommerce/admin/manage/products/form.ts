import type { DurationParameter, PriceType, Product, ProductInput, ProductStatus } from '../../shared/model';
import { majorText, parseMajor } from '../../shared/money';

/** The product form as typed: the price in major units and the renewal count are text until checked. */
export interface ProductForm {
  title: string;
  description: string;
  status: ProductStatus;
  priceType: PriceType;
  amount: string;
  durationValue: string;
  durationParameter: DurationParameter;
  featuredImage: string;
  cross: string[];
  courseId: string;
  membershipId: string;
}
export type ProductField = 'title' | 'amount' | 'durationValue' | 'featuredImage' | 'cross';
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
  durationValue: '1',
  durationParameter: 'month',
  featuredImage: '',
  cross: [],
  courseId: '',
  membershipId: '',
});

export function productFormOf(product: Product, digits: number): ProductForm {
  const { price } = product.metadata;
  return {
    title: product.title,
    description: product.description,
    status: product.status,
    priceType: price.type,
    amount: majorText(price.amount, digits),
    durationValue: String(price.duration?.value ?? 1),
    durationParameter: price.duration?.parameter ?? 'month',
    featuredImage: product.metadata.featured_image,
    cross: product.metadata.cross,
    courseId: product.course_id ?? '',
    membershipId: product.membership_id ?? '',
  };
}

/** Checks the form as the server will and builds the body to send (amount in minor units) when it passes. */
export function validateProduct(form: ProductForm, digits: number, selfId?: string): { errors: ProductErrors; input: ProductInput | null } {
  const errors: ProductErrors = {};
  const title = form.title.trim();
  if (title === '') errors.title = 'form.titleRequired';

  const amount = parseMajor(form.amount, digits);
  if (amount === null || amount > PRODUCT_LIMITS.amountMax) errors.amount = 'form.amountInvalid';

  const value = /^\d{1,4}$/.test(form.durationValue.trim()) ? Number(form.durationValue.trim()) : NaN;
  const subscription = form.priceType === 'subscription';
  if (subscription && !(value >= 1 && value <= PRODUCT_LIMITS.durationMax)) errors.durationValue = 'form.durationInvalid';

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
      featured_image: image,
      cross,
      course_id: form.courseId === '' ? null : form.courseId,
      membership_id: form.membershipId === '' ? null : form.membershipId,
    },
  };
}
