import { describe, expect, it } from 'vitest';
import { pageData, specPlans } from '../../../test-support/page-data.js';
import { theme } from '../../index.js';
import { priceFor } from './plan-price.js';

async function pricingHtml(plans = specPlans()): Promise<string> {
  const page = await theme.render(pageData({ kind: 'static', path: '/pricing' }, { path: '/pricing', plans }));
  expect(page.status).toBe(200);
  return page.html;
}

/** The plan card of one plan, as text a visitor reads. */
function card(html: string, id: string): string {
  const match = new RegExp(`<article[^>]*data-plan="${id}"[^>]*>(.*?)</article>`, 's').exec(html);
  return (match?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/** The comparison table's row for `label`, its cells in plan order. */
function row(html: string, label: string): string[] {
  const match = new RegExp(`<tr><th scope="row">${label}</th>(.*?)</tr>`, 's').exec(html);
  return [...(match?.[1] ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((cell) => cell[1] ?? '');
}

describe('/pricing', () => {
  it("shows the four plans with SPEC §9's prices", async () => {
    const html = await pricingHtml();
    expect(card(html, 'starter')).toContain('Starter $29 /month');
    expect(card(html, 'professional')).toContain('Professional Most popular $99 /month');
    expect(card(html, 'dedicated')).toContain('Dedicated $49 /month');
    expect(card(html, 'lifetime')).toContain('LifeTime $19 one-time');
    expect(row(html, 'Monthly price')).toEqual(['$29', '$99', '$49', '—']);
    expect(row(html, 'Annual price')).toEqual(['$299', '$999', '$499', '—']);
    expect(row(html, 'One-time price')).toEqual(['—', '—', '—', '$19']);
  });

  it('shows trial days and limits, with a limit a plan leaves out as unlimited', async () => {
    const html = await pricingHtml();
    expect(card(html, 'starter')).toContain('30-day free trial');
    expect(card(html, 'lifetime')).not.toContain('free trial');
    expect(row(html, 'Free trial')).toEqual(['30 days', '30 days', '30 days', '—']);
    expect(row(html, 'Members')).toEqual(['10,000', '100,000', '200,000', '10,000']);
    expect(row(html, 'Courses')).toEqual(['Unlimited', 'Unlimited', 'Unlimited', '10']);
    expect(row(html, 'Storage')).toEqual(['1 GB', '10 GB', '10 GB', '512 MB']);
    expect(row(html, 'Concurrent users')).toEqual(['50', '100', '500', '50']);
  });

  it('reads the prices from the data, not from the page', async () => {
    const plans = specPlans().map((plan) => (plan.id === 'starter' ? { ...plan, monthly: 31, annual: 305, name: 'Starter Plus' } : plan));
    const html = await pricingHtml(plans);
    expect(card(html, 'starter')).toContain('Starter Plus $31 /month');
    expect(row(html, 'Annual price')[0]).toBe('$305');
    expect(html).not.toContain('$29');
    expect(html).not.toContain('$299');

    const onlyTwo = await pricingHtml(specPlans().filter((plan) => plan.id === 'starter' || plan.id === 'lifetime'));
    expect(card(onlyTwo, 'professional')).toBe('');
    expect(row(onlyTwo, 'Monthly price')).toEqual(['$29', '—']);
  });

  it('says so when there are no plans rather than showing an empty grid', async () => {
    const html = await pricingHtml([]);
    expect(html).toContain('Our plans are being updated');
    expect(html).not.toContain('plan-card');
  });

  it('the annual toggle shows yearly prices with the saving, and LifeTime stays one-time', () => {
    const [starter, , , lifetime] = specPlans();
    expect(priceFor(starter!, 'annual')).toEqual({ amount: '$299', unit: '/year', note: 'Billed yearly. Save 14%' });
    expect(priceFor(starter!, 'monthly')).toEqual({ amount: '$29', unit: '/month', note: 'Billed monthly' });
    expect(priceFor(lifetime!, 'annual')?.amount).toBe('$19');
    expect(priceFor(lifetime!, 'annual')?.unit).toBe('one-time');
  });

  it('offers a monthly/annual choice and a sign-up link per plan', async () => {
    const html = await pricingHtml();
    const radios = [...html.matchAll(/<input type="radio" name="billing-period"([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toMatch(/checked="" value="monthly"/);
    expect(radios[1]).toMatch(/value="annual"/);
    expect(radios[1]).not.toContain('checked');
    expect(html).toContain('href="/signup?plan=starter"');
    expect(html).toContain('href="/signup?plan=lifetime"');
  });
});
