import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../dashboard/languages.js';
import { CURRENCIES } from '../money/currencies.js';
import { PLANS, findPlan, type Plan } from '../plans/catalogue.js';
import { STARTER_TEMPLATES } from './starter-site.js';
import { NullableTimestamp, StringEnum, Uuid, type Wire } from '../schema/kit.js';

/** How long a sign-up's trial lasts when its plan names none (SPEC §9: 30 trial days). */
export const DEFAULT_TRIAL_DAYS = 30;

/** The e-mail confirmation link in the welcome e-mail: a day, since it waits in an inbox. */
export const CONFIRMATION_TTL_MS = 24 * 3_600_000;

export const SignupBody = Type.Object(
  {
    site_name: Type.String({ minLength: 1, maxLength: 100, description: "The new site's name" }),
    slug: Type.String({ minLength: 1, maxLength: 63, description: 'Its address: {slug}.{platform domain}' }),
    owner_name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256, description: "The owner's password (the platform's password policy applies)" }),
    language: Type.Optional(StringEnum(LANGUAGES, { description: "The site's language (default en)" })),
    currency: Type.Optional(StringEnum(CURRENCIES.map((c) => c.code) as [string, ...string[]], { description: 'ISO 4217 (default USD)' })),
    plan: Type.Optional(StringEnum(Object.keys(PLANS) as [string, ...string[]], { description: 'The plan to try (default starter)' })),
    template: Type.Optional(
      StringEnum(STARTER_TEMPLATES, { description: 'What the starter home page leads with: courses, products or posts (default school)' }),
    ),
    website: Type.Optional(Type.String({ maxLength: 200, description: 'Left empty by people: a form field hidden from them that bots fill in' })),
  },
  { additionalProperties: false },
);
export type SignupInput = Static<typeof SignupBody>;

export const SignupAnswer = Type.Object({
  account: Type.Object({
    id: Uuid,
    slug: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    trial_ends_at: NullableTimestamp,
  }),
  address: Type.String({ description: "The new site's origin, e.g. https://school.example.com" }),
  dashboard_url: Type.String({
    description:
      "Where to send the browser: the new site's sign-in page with a one-time hand-off (two minutes) that signs the owner in there and opens the dashboard",
  }),
  owner: Type.Object({ user_id: Uuid, email: Type.String(), new_user: Type.Boolean() }),
  confirmation_sent: Type.Boolean({ description: 'A confirmation link for the e-mail address is in the welcome e-mail' }),
});
export type SignupAnswerWire = Wire<Static<typeof SignupAnswer>>;

/** The trial a sign-up on the plan starts with: the longest its prices offer, else the platform's default. */
export function trialDaysOf(plan: Plan): number {
  const offered = [plan.prices.monthly?.trial_days ?? 0, plan.prices.annual?.trial_days ?? 0];
  const longest = Math.max(...offered);
  return longest > 0 ? longest : DEFAULT_TRIAL_DAYS;
}

export function planOf(id: string | undefined): Plan {
  return findPlan(id ?? 'starter') ?? PLANS.starter;
}
