import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/catalogue.js';
import { FeatureCatalogue } from '../plugins/features.js';
import type { PluginManifest } from '../plugins/manifest.js';
import { sitePlans } from './site-plans.js';

const manifest = (name: string, feature?: string): PluginManifest => ({
  name,
  version: '1.0.0',
  kernel: '^0.1.0',
  ...(feature === undefined ? {} : { feature }),
});
const LMS = manifest('lms', 'lms');
const SHOP = manifest('ecommerce');
/** Plan flags SPEC lists that no installed code honours yet (the marketing, affiliates and AI plugins are not written). */
const UNSERVED = ['ai', 'aiques', 'emails', 'forms', 'unittimings', 'attendance', 'parents', 'commissions'];

function plansFor(manifests: PluginManifest[]) {
  return sitePlans(new FeatureCatalogue(manifests), new Set(manifests.map((m) => m.name)));
}

describe('the plans the provider site shows', () => {
  it('keeps SPEC §9 prices and trials for every plan', () => {
    const plans = plansFor([LMS, SHOP]);
    expect(plans.map((p) => [p.id, p.monthly, p.annual, p.lifetime, p.trialDays])).toEqual([
      ['starter', 29, 299, null, 30],
      ['professional', 99, 999, null, 30],
      ['dedicated', 49, 499, null, 30],
      ['lifetime', null, null, 19, 0],
    ]);
    expect(plans.map((p) => p.limits.concurrentUsers)).toEqual([50, 100, 500, 50]);
  });

  it('lists as features only add-ons installed code provides, on the plans that include them', () => {
    const plans = plansFor([LMS, SHOP]);
    for (const plan of plans) {
      for (const flag of UNSERVED) expect(plan.features).not.toContain(flag);
      expect(plan.features).toContain('certificates');
      expect(plan.features).toContain('single_session');
    }
    expect(Object.keys(PLANS)).toEqual(plans.map((p) => p.id));
  });

  it('leaves out the limits of absent plugins, and shows them once the plugin is installed', () => {
    const today = plansFor([LMS, SHOP]);
    const lifetime = today.find((p) => p.id === 'lifetime');
    expect(lifetime?.limits).toEqual({ members: 10000, monthlyEmails: 5000, mau: 5000, courses: 10, concurrentUsers: 50, storageMb: 512 });
    const withoutLms = plansFor([SHOP]).find((p) => p.id === 'lifetime');
    expect(withoutLms?.limits.courses).toBeUndefined();
    // Certificates are honoured by the course plugin: without it they are not offered.
    expect(plansFor([SHOP]).every((p) => !p.features.includes('certificates'))).toBe(true);
    const withFunnels = plansFor([LMS, SHOP, manifest('funnels', 'funnels')]).find((p) => p.id === 'lifetime');
    expect(withFunnels?.limits.funnels).toBe(3);
  });
});
