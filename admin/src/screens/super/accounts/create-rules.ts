import { EMAIL, NAME_MAX, SLUG } from './constants';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A message per create-form field (null: fine), and `form` for a failure that names no field. */
export interface CreateErrors {
  slug?: string | null;
  name?: string | null;
  owner_email?: string | null;
  owner_name?: string | null;
  form?: string | null;
}

/** Which field a validation message names: the server says e.g. "body/owner_email must match format". */
const FIELDS = ['slug', 'name', 'plan', 'owner_email', 'owner_name'] as const;
export function fieldOf(message: string): (typeof FIELDS)[number] | undefined {
  return FIELDS.find((field) => new RegExp(`/${field}\\b`).test(message));
}

/** The browser-side check of the create form (the server checks again); `slug` is already trimmed and lower-cased. */
export function checkCreate(t: T, fields: { slug: string; name: string; email: string; ownerName: string }): CreateErrors {
  const { slug, name, email, ownerName } = fields;
  return {
    slug: slug === '' ? t('platform.create.required') : SLUG.test(slug) ? null : t('platform.create.invalid.slug'),
    name: name.trim() === '' ? t('platform.create.required') : name.length > NAME_MAX ? t('platform.create.tooLong', { max: NAME_MAX }) : null,
    owner_email: email.trim() === '' ? t('platform.create.required') : EMAIL.test(email.trim()) ? null : t('platform.create.invalid.owner_email'),
    owner_name: ownerName.length > NAME_MAX ? t('platform.create.tooLong', { max: NAME_MAX }) : null,
  };
}
