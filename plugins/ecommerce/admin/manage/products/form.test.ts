import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/model';
import { emptyProductForm, productFormOf, validateProduct } from './form';

describe('product form', () => {
  it('sends the price typed in major units as minor units, and no duration for a one-time price', () => {
    const { errors, input } = validateProduct({ ...emptyProductForm(), title: ' Course pack ', amount: '49.99' }, 2);
    expect(errors).toEqual({});
    expect(input).toMatchObject({ title: 'Course pack', price: { type: 'onetime', amount: 4999, duration: null }, course_id: null, membership_id: null });
  });

  it('sends a subscription with its renewal period', () => {
    const { input } = validateProduct(
      { ...emptyProductForm(), title: 'Club', priceType: 'subscription', amount: '1500', durationValue: '3', durationParameter: 'month' },
      0,
    );
    expect(input?.price).toEqual({ type: 'subscription', amount: 1500, duration: { value: 3, parameter: 'month' } });
  });

  it('refuses a blank title, an amount the currency cannot hold and a bad renewal count', () => {
    const { errors, input } = validateProduct(
      { ...emptyProductForm(), priceType: 'subscription', amount: '10.5', durationValue: '0', featuredImage: 'a b.png' },
      0,
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      title: 'form.titleRequired',
      amount: 'form.amountInvalid',
      durationValue: 'form.durationInvalid',
      featuredImage: 'form.imageInvalid',
    });
  });

  it('never lists the product among its own cross-sells', () => {
    const { input } = validateProduct({ ...emptyProductForm(), title: 'A', amount: '1', cross: ['self', 'other'] }, 2, 'self');
    expect(input?.cross).toEqual(['other']);
  });

  it('starts from a stored product with the amount in major units', () => {
    const product: Product = {
      id: 'p',
      title: 'T',
      description: '',
      status: 'published',
      metadata: { price: { type: 'subscription', amount: 999, duration: { value: 1, parameter: 'year' } }, sale: null, featured_image: '/img.png', cross: [] },
      course_id: 'c',
      membership_id: null,
      created_at: '',
      updated_at: '',
    };
    const form = productFormOf(product, 2);
    expect(form).toMatchObject({ amount: '9.99', priceType: 'subscription', durationValue: '1', durationParameter: 'year', courseId: 'c', membershipId: '' });
    expect(validateProduct(form, 2).input?.price.amount).toBe(999);
  });

  it('sends a sale lower than the price with its end, and refuses one that is not lower or has ended', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const ends = new Date(now + 86_400_000);
    const local = `${ends.getFullYear()}-${String(ends.getMonth() + 1).padStart(2, '0')}-${String(ends.getDate()).padStart(2, '0')}T${String(ends.getHours()).padStart(2, '0')}:${String(ends.getMinutes()).padStart(2, '0')}`;
    const base = { ...emptyProductForm(), title: 'Course', amount: '49.99' };
    expect(validateProduct({ ...base, saleAmount: '29.99', saleEnds: local }, 2, undefined, now).input?.sale).toEqual({
      amount: 2999,
      ends_at: ends.toISOString(),
    });
    expect(validateProduct({ ...base, saleAmount: '29.99' }, 2, undefined, now).input?.sale).toEqual({ amount: 2999, ends_at: null });
    expect(validateProduct(base, 2, undefined, now).input?.sale).toBeNull();
    expect(validateProduct({ ...base, saleAmount: '49.99' }, 2, undefined, now).errors).toEqual({ saleAmount: 'form.saleNotLower' });
    const past = validateProduct({ ...base, saleAmount: '10', saleEnds: '2020-01-01T10:00' }, 2, undefined, now);
    expect(past).toEqual({ errors: { saleEnds: 'form.saleEndPassed' }, input: null });
    // A subscription has no sale: what was typed for one is not sent.
    expect(validateProduct({ ...base, priceType: 'subscription', saleAmount: '10' }, 2, undefined, now).input?.sale).toBeNull();
  });
});
