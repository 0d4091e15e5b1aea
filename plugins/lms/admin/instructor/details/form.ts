import type { Course, CourseDuration, CourseMeta, Drip, Interval, Person } from '../model';
import { SLUG_PATTERN, wholeNumber } from '../model';

/** What the details form edits, as the inputs hold it (numbers as typed text). */
export interface DetailsForm {
  title: string;
  slug: string;
  excerpt: string;
  image: string;
  seats: string;
  categories: string[];
  authors: Person[];
  unitLock: boolean;
  evaluation: 'auto' | 'manual';
  drip: { enabled: boolean; value: string; parameter: Interval; multiplier: Drip['multiplier']; from: Drip['from'] };
  durationValue: string;
  durationParameter: Interval | '';
}

export type DetailsErrors = Partial<Record<'title' | 'slug' | 'seats' | 'image' | 'dripValue' | 'durationValue' | 'authors', string>>;

export function formOf(course: Course, meta: CourseMeta): DetailsForm {
  const drip = course.settings.drip;
  return {
    title: course.title,
    slug: course.slug,
    excerpt: course.excerpt,
    image: course.featured_image.image ?? '',
    seats: course.seats === null ? '' : String(course.seats),
    categories: course.categories.map((c) => c.id),
    authors: course.authors,
    unitLock: course.settings.unitLock === true,
    // The server's default is manual evaluation (an instructor moves 3 → 4).
    evaluation: course.settings.evaluation === 'auto' ? 'auto' : 'manual',
    drip: {
      enabled: drip?.enabled === true,
      value: drip === undefined ? '1' : String(drip.value),
      parameter: drip?.parameter ?? 'day',
      multiplier: drip?.multiplier ?? 'unit',
      from: drip?.from ?? 'previous',
    },
    durationValue: meta.courseDuration === null ? '' : String(meta.courseDuration.value),
    durationParameter: meta.courseDuration?.parameter ?? 'day',
  };
}

type T = (key: string) => string;

export function validate(form: DetailsForm, t: T): DetailsErrors {
  const errors: DetailsErrors = {};
  if (form.title.trim() === '') errors.title = t('details.titleRequired');
  if (!SLUG_PATTERN.test(form.slug.trim())) errors.slug = t('details.slugInvalid');
  if (form.seats.trim() !== '' && wholeNumber(form.seats, 0, 1_000_000_000) === null) errors.seats = t('details.seatsInvalid');
  if (form.image.trim() !== '' && !/^(https?:\/\/|\/)\S+$/.test(form.image.trim())) errors.image = t('details.imageInvalid');
  if (form.drip.enabled && wholeNumber(form.drip.value, 1, 1_000_000) === null) errors.dripValue = t('details.numberInvalid');
  if (form.durationValue.trim() !== '' && wholeNumber(form.durationValue, 0, 1_000_000) === null) errors.durationValue = t('details.numberInvalid');
  if (form.authors.length === 0) errors.authors = t('details.authorsRequired');
  return errors;
}

/** The PUT /courses/:id body: every field the form owns (settings merge key by key on the server). */
export function courseBody(form: DetailsForm) {
  return {
    title: form.title.trim(),
    slug: form.slug.trim(),
    excerpt: form.excerpt,
    featured_image: form.image.trim() === '' ? {} : { image: form.image.trim() },
    seats: form.seats.trim() === '' ? null : Number(form.seats.trim()),
    categories: form.categories,
    authors: form.authors.map((a) => a.id),
    settings: {
      unitLock: form.unitLock,
      evaluation: form.evaluation,
      drip: { ...form.drip, value: form.drip.enabled ? Number(form.drip.value) : Number(form.drip.value) || 0 },
    },
  };
}

export function durationOf(form: DetailsForm): CourseDuration | null {
  return form.durationValue.trim() === '' ? null : { value: Number(form.durationValue.trim()), parameter: form.durationParameter };
}
