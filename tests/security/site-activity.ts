import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from '@lectern/sdk';
import type { TestKernel, TestMember } from '@lectern/sdk/testing';
import type { TestIssuer } from '../support/oidc-issuer.js';
import type { ProbeSite } from './probe-sites.js';

const STRIPE_WEBHOOK_SECRET = 'whsec_route_probe';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What the people of a sample site do, through the API as they would: sign in, ask for a code,
 * enrol, learn, take a quiz, hand in an assignment, review, buy, open a ticket, upload a file…
 * so the kernel's and the plugins' tables hold rows of the site. Texts carry the site's marker.
 * A step that does not answer as expected stops the suite: a fixture that silently did less
 * would let the probe pass while covering less.
 */
export async function recordSiteActivity(t: TestKernel, site: ProbeSite, superAdmin: TestMember, idp: TestIssuer): Promise<void> {
  const { account, owner, instructor, student, marker } = site;
  const call = async <T = unknown>(
    method: Method,
    url: string,
    as: TestMember | undefined,
    payload?: unknown,
    expected: number[] = [200, 201, 204],
  ): Promise<T> => {
    const res = await t.request({
      method,
      url,
      account,
      ...(as === undefined ? {} : { as }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (!expected.includes(res.statusCode))
      throw new Error(`probe fixture (${site.label}): ${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return (res.body === '' ? undefined : res.json()) as T;
  };
  const rows = <R>(query: ReturnType<typeof sql<R>>) => t.kernel.withSystem('route probe fixture', async (db) => (await query.execute(db)).rows);

  // Sign-in: a password session (sessions, refresh tokens) and a one-time code (one-time tokens, outbox).
  const session = await call<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', undefined, {
    email: student.email,
    password: `Probe-${marker}-1`,
  });
  // An authenticator app (MFA factors).
  const enrolled = await t.request({
    method: 'POST',
    url: '/auth/v1/factors',
    account,
    payload: { factor_type: 'totp', friendly_name: `Phone ${marker}` },
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  if (enrolled.statusCode !== 200) throw new Error(`probe fixture: MFA enrol answered ${enrolled.statusCode}: ${enrolled.body}`);
  await call('POST', '/auth/v1/otp', undefined, { email: instructor.email, create_user: false });

  // Sign-in with an identity provider (providers), started as a visitor would (a flow in progress).
  await call('PUT', '/api/account/auth-providers/keycloak', owner, {
    kind: 'oauth',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
  });
  await call('GET', `/auth/v1/authorize?provider=keycloak&skip_http_redirect=true&code_challenge=${'c'.repeat(43)}&code_challenge_method=s256`, undefined);
  // A custom domain claimed, its proof not yet published (domain claims).
  await call('PUT', '/api/account/site/domain', owner, { custom_domain: `${marker}.example.com` });

  // Every touchpoint on, so what follows leaves notifications and mail.
  const touchpoints = await call<{ items?: Array<{ key: string }> } | Array<{ key: string }>>('GET', '/api/account/touchpoints', owner);
  const keys = (Array.isArray(touchpoints) ? touchpoints : (touchpoints.items ?? [])).map((entry) => entry.key);
  for (const key of keys) await call('PUT', `/api/account/touchpoints/${encodeURIComponent(key)}`, owner, { email: true, notification: true });

  // Dashboard: preferences (member meta), the side menu (options), a ticket with a reply.
  await call('PUT', '/api/dashboard/preferences', student, { theme: 'dark', sidebar_open: true });
  await call('PUT', '/api/dashboard/profilemenu', owner, { entries: [{ id: 'notifications', enabled: true, order: 5 }] });
  const ticket = await call<{ id: string }>('POST', '/api/account/tickets', owner, {
    subject: `Help ${marker}`,
    category: 'setup',
    body: `Ticket body ${marker}`,
  });
  await call('POST', `/api/account/tickets/${ticket.id}/messages`, owner, { body: `More detail ${marker}` });

  // Mail: one message and one batch (outbox, monthly usage, batches).
  await call('POST', '/api/emails/site/email', owner, { to: student.email, account_id: account.id, subject: `Hello ${marker}`, text: `Body ${marker}` });
  await call('POST', '/api/emails/site/batch-email', owner, {
    emails: [student.email, instructor.email],
    account_id: account.id,
    subject: `News ${marker}`,
    text: `Batch ${marker}`,
  });

  // Platform (the super-admin on the platform's host): an alert for the account, an update the owner reads.
  const onPlatform = async <T>(url: string, payload: object): Promise<T> => {
    const res = await t.request({ method: 'POST', url, as: superAdmin, payload });
    if (res.statusCode >= 300) throw new Error(`probe fixture: POST ${url} on the platform answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    return res.json<T>();
  };
  await onPlatform('/api/account/notifications', { account_id: account.id, message: `<p>Alert ${marker}</p>`, severity: 2 });
  const update = await onPlatform<{ id: string }>('/api/platform/updates', { title: `Update for ${site.label}`, body: '<p>New things</p>' });
  await call('PUT', `/api/account/updates/${update.id}/read`, owner, {});

  // Storage: a bucket of the site's and a file in it, and the owner's avatar.
  await call('POST', '/storage/v1/bucket', owner, { id: 'probe', name: 'probe', public: false });
  const upload = await t.request({
    method: 'POST',
    url: `/storage/v1/object/probe/notes/${marker}.txt`,
    account,
    as: owner,
    payload: `File ${marker}`,
    headers: { 'content-type': 'text/plain' },
  });
  if (upload.statusCode !== 200) throw new Error(`probe fixture: upload answered ${upload.statusCode}: ${upload.body}`);

  // Buying first: one of the sample courses is sold, and the order enrols the student in it.
  await shop(t, site, call, rows);
  await learn(site, call, rows);
  await automate(site, call);
}

/**
 * An automation of the site started by hand for the student (automations, its event, its run and
 * the run's trace). Its delay keeps the run waiting, so nothing of it changes while the probe runs.
 */
async function automate(site: ProbeSite, call: Call): Promise<void> {
  const { owner, student, marker } = site;
  const automation = await call<{ id: string }>('POST', '/api/automations', owner, {
    name: `Follow-up ${marker}`,
    trigger_type: 'manual',
    conditions: [{ key: 'user_role', args: { roles: ['student'] } }],
    actions: [
      { key: 'time_delay', args: { amount: 30, unit: 'day' } },
      { key: 'time_delay', args: { amount: 1, unit: 'day' } },
    ],
  });
  await call('POST', `/api/automations/${automation.id}/run`, owner, { user_id: student.userId }, [202]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const runs = await call<{ items: Array<{ status: string }> }>('GET', `/api/automations/runs?automation_id=${automation.id}`, owner);
    if (runs.items[0]?.status === 'waiting') return;
    if (Date.now() > deadline) throw new Error(`probe fixture (${site.label}): the automation's run did not reach its delay: ${JSON.stringify(runs.items)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Call = <T = unknown>(method: Method, url: string, as: TestMember | undefined, payload?: unknown, expected?: number[]) => Promise<T>;
type Rows = <R>(query: ReturnType<typeof sql<R>>) => Promise<R[]>;

/** The LMS: enrol, start, complete a unit, a quiz attempt, an assignment, a review, a certificate, a wishlist. */
async function learn(site: ProbeSite, call: Call, rows: Rows): Promise<void> {
  const { account, owner, student, marker } = site;
  const courses = await rows(
    sql<{ id: string; slug: string }>`SELECT id::text, slug FROM lms_courses WHERE account_id = ${account.id}::uuid ORDER BY created_at`,
  );
  for (const course of courses) {
    await call('POST', `/api/lms/player/${course.slug}/enrol`, student, {}, [200, 201, 403, 409]);
    await call('POST', `/api/lms/player/${course.id}/start`, student, {}, [200, 201, 409]);
  }
  const course = courses[0];
  if (course === undefined) throw new Error('probe fixture: the sample site has no course');
  const items = await rows(
    sql<{
      id: string;
      post_type: string;
    }>`SELECT id::text, post_type FROM lms_items WHERE account_id = ${account.id}::uuid AND course_id = ${course.id}::uuid ORDER BY position`,
  );
  // In curriculum order: a locked course opens each item once the one before it is done.
  for (const item of items) {
    if (item.post_type === 'unit') await call('POST', `/api/lms/player/${course.id}/items/${item.id}/complete`, student, {});
    if (item.post_type === 'quiz') {
      await call('POST', `/api/lms/quizzes/${item.id}/attempts`, student, {});
      await call('POST', `/api/lms/quizzes/${item.id}/submit`, student, { answers: {} });
    }
    if (item.post_type === 'assignment') await call('POST', `/api/lms/assignments/${item.id}/submission`, student, { content: `My answer ${marker}` });
  }
  await call('POST', `/api/lms/player/${course.id}/review`, student, { rating: 5, content: `Great course ${marker}` });
  // The owner saves the course for later (a member's wishlist).
  await call('PUT', `/api/lms/wishlist/${course.id}`, owner, {}, [201]);
  // Evaluated: the certificate is issued.
  await call('PUT', `/api/lms/roster/${course.id}/${student.userId}/status`, owner, { status: 4 });
}

/** The shop: a cart, an offline order paid by the owner (payment, membership, subscription, course grant), a Stripe event. */
async function shop(t: TestKernel, site: ProbeSite, call: Call, rows: Rows): Promise<void> {
  const { account, owner, student } = site;
  const products = await rows(
    sql<{
      id: string;
      price_type: string;
      course_id: string | null;
    }>`SELECT id::text, price_type, course_id::text FROM ecommerce_products WHERE account_id = ${account.id}::uuid ORDER BY created_at`,
  );
  const oneTime = products.find((product) => product.price_type === 'onetime' && product.course_id === null);
  const subscription = products.find((product) => product.price_type === 'subscription');
  const courseProduct = products.find((product) => product.course_id !== null);
  if (oneTime === undefined || subscription === undefined) throw new Error('probe fixture: the sample shop lacks products');
  await call('PUT', '/api/ecommerce/settings', owner, {
    offline: { enabled: true, instructions: 'Pay by bank transfer' },
    stripe: { enabled: true, publishableKey: 'pk_test_probe', secretKey: 'sk_test_probe', webhookSecret: STRIPE_WEBHOOK_SECRET },
  });
  const orders: string[] = [];
  for (const product of [oneTime, subscription, courseProduct]) {
    if (product === undefined) continue;
    const placed = await call<{ order: { id: string } }>('POST', '/api/ecommerce/checkout', student, {
      items: [{ id: product.id, quantity: 1 }],
      provider: 'offline',
      name: `Buyer ${site.marker}`,
    });
    orders.push(placed.order.id);
    await call('POST', `/api/ecommerce/orders/${placed.order.id}/paid`, owner, {});
  }
  // A cart left for later (checkout empties the one it bought).
  await call('PUT', '/api/ecommerce/cart', student, { items: [{ id: oneTime.id, quantity: 1 }] });
  const payload = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'customer.created',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: 'cus_probe', object: 'customer' } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  const res = await t.request({
    method: 'POST',
    url: '/api/ecommerce/webhooks/stripe',
    account,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  if (res.statusCode !== 200) throw new Error(`probe fixture: stripe webhook answered ${res.statusCode}: ${res.body}`);

  // Marketing: a list of the site's own, and an import of contacts (its rows are checked by a job;
  // the demo seed gave the site contacts on a list already).
  const list = await call<{ id: string }>('POST', '/api/marketing/lists', owner, { name: `Leads ${site.marker}` });
  await call(
    'POST',
    '/api/marketing/contacts/imports',
    owner,
    { csv: `email,name\nlead.${site.marker}@example.com,Lead ${site.marker}\n`, lists: [list.id] },
    [202],
  );
  // A published form and a visitor's submission (marketing_forms, marketing_form_submissions).
  const form = await call<{ id: string }>('POST', '/api/marketing/forms', owner, {
    name: `Enquiry ${site.marker}`,
    status: 'published',
    fields: [{ key: 'message', type: 'textarea', label: `Message ${site.marker}`, required: true }],
  });
  await call('POST', `/api/marketing/public/forms/${form.id}/views`, undefined, {});
  await call('POST', `/api/marketing/public/forms/${form.id}/submissions`, student, { answers: { message: `Hello ${site.marker}` } });
  // A campaign sent to the site's active contacts (marketing_campaigns, marketing_campaign_recipients).
  const campaign = await call<{ id: string }>('POST', '/api/marketing/campaigns', owner, {
    name: `News ${site.marker}`,
    subject: `Hello ${site.marker}`,
    blocks: [
      { type: 'text', text: `News ${site.marker}` },
      { type: 'button', label: 'Read', url: 'https://example.com/news' },
    ],
  });
  await call('POST', `/api/marketing/campaigns/${campaign.id}/send`, owner, {});
  // A published popup holding the form (marketing_popups; every page of the site carries it).
  await call('POST', '/api/marketing/popups', owner, {
    name: `Offer ${site.marker}`,
    status: 'published',
    document: {
      root: { props: {} },
      content: [{ type: 'MarketingForm', props: { id: 'probe-form', form: { id: form.id, title: `Enquiry ${site.marker}` } } }],
    },
  });
}
