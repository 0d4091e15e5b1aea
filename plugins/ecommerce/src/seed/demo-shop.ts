/** The demo shop's content (amounts in cents: the demo site sells in USD). */
export interface DemoProduct {
  key: 'toolkit' | 'membership' | 'course';
  kind: 'product' | 'membership' | 'course';
  title: string;
  description: string;
  amount: number;
  subscription: boolean;
  image: string;
}

/** The course the course product sells: the LMS demo course the demo student is not enrolled in. */
export const DEMO_COURSE_SLUG = 'public-speaking-essentials';
/** The courses the membership level grants. */
export const DEMO_MEMBERSHIP_COURSE_SLUGS = ['web-design-foundations', 'public-speaking-essentials'];

export const DEMO_MEMBERSHIP = {
  name: 'Pro membership',
  description: 'Every course on the site while the membership lasts.',
};

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    key: 'toolkit',
    kind: 'product',
    title: 'Design Toolkit',
    description: 'Templates, grids and colour palettes for your first projects.',
    amount: 2900,
    subscription: false,
    image: '',
  },
  {
    key: 'membership',
    kind: 'membership',
    title: 'Pro membership (monthly)',
    description: 'Every course and new lessons each month.',
    amount: 1900,
    subscription: true,
    image: '',
  },
  {
    key: 'course',
    kind: 'course',
    title: 'Public Speaking Essentials',
    description: 'Lifetime access to the course.',
    amount: 4900,
    subscription: false,
    image: '',
  },
];

const DAY = 86_400_000;

/** A coupon that works (20 % off) and one whose window closed (for the cart's red state). */
export const DEMO_COUPONS = [
  { name: 'WELCOME20', usage_limit: 0, per_user_limit: 1, discount_type: 'percentage' as const, coupon_amount: 20, date_start: null, date_end: null },
  {
    name: 'SPRING10',
    usage_limit: 100,
    per_user_limit: 0,
    discount_type: 'flat' as const,
    coupon_amount: 1000,
    date_start: new Date(Date.UTC(2024, 2, 1)),
    date_end: new Date(Date.UTC(2024, 4, 31) + DAY - 1),
  },
];
