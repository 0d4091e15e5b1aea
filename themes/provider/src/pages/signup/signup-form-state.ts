import type { SitePlan } from '@lectern/sdk';

/** The currencies the sign-up offers (every ISO code can be chosen later under Site settings). */
export const SIGNUP_CURRENCIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'USD', name: 'US dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'British pound' },
  { code: 'INR', name: 'Indian rupee' },
  { code: 'CAD', name: 'Canadian dollar' },
  { code: 'AUD', name: 'Australian dollar' },
  { code: 'NZD', name: 'New Zealand dollar' },
  { code: 'SGD', name: 'Singapore dollar' },
  { code: 'JPY', name: 'Japanese yen' },
  { code: 'BRL', name: 'Brazilian real' },
  { code: 'MXN', name: 'Mexican peso' },
  { code: 'ZAR', name: 'South African rand' },
  { code: 'NGN', name: 'Nigerian naira' },
  { code: 'AED', name: 'UAE dirham' },
  { code: 'CHF', name: 'Swiss franc' },
  { code: 'SEK', name: 'Swedish krona' },
  { code: 'PLN', name: 'Polish złoty' },
];

/** What the starter home page leads with (the kernel's starter templates). */
export type StarterTemplate = 'school' | 'shop' | 'blog';
export const STARTER_CHOICES: ReadonlyArray<{ id: StarterTemplate; label: string }> = [
  { id: 'school', label: 'Teach courses' },
  { id: 'shop', label: 'Sell products' },
  { id: 'blog', label: 'Write a blog' },
];

/** The form's fields, which the server's errors point back to. */
export type SignupField = 'site_name' | 'slug' | 'owner_name' | 'email' | 'password';

/** Which field a refusal from POST /api/signup is about (its stable code), so focus can go there. */
export function fieldOfError(code: string, message: string): SignupField | null {
  switch (code) {
    case 'slug_taken':
    case 'invalid_slug':
      return 'slug';
    case 'disposable_email':
      return 'email';
    case 'weak_password':
    case 'invalid_credentials':
      return 'password';
    case 'validation_failed':
      if (/e-mail|email/i.test(message)) return 'email';
      if (/your name|owner_name/i.test(message)) return 'owner_name';
      if (/site a name|site_name/i.test(message)) return 'site_name';
      return null;
    default:
      return null;
  }
}

/** The plan a link asked for (`/signup?plan=professional`), when the catalogue has it; else the first. */
export function chosenPlan(path: string, plans: readonly SitePlan[]): string {
  const query = path.indexOf('?');
  const asked = query === -1 ? null : new URLSearchParams(path.slice(query + 1)).get('plan');
  return plans.find((plan) => plan.id === asked)?.id ?? plans[0]?.id ?? 'starter';
}

/** The platform's host for the address preview (school → school.{host}), from the site's own URL. */
export function platformHostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return '';
  }
}
