import { planIncludes } from '../plans/catalogue.js';
import type { AccountRow } from '../tenancy/account.js';
import type { PluginManifest } from './manifest.js';
import { findPlan } from '../plans/catalogue.js';

/** An add-on owners can switch on and off: a plugin's feature, or a kernel behaviour flag. */
export interface FeatureInfo {
  feature: string;
  label: string;
  description: string;
  /** The plugin providing it; undefined for kernel features. */
  plugin?: string;
  /** Plans listed by the plugin as including it (undefined: the plan catalogue's add-on lists decide). */
  plans?: readonly string[];
  /** For a kernel feature another plugin honours: that plugin (the feature means nothing without it). */
  requires?: string;
}

/** Behaviour flags the kernel itself honours (SPEC §3 "Features per account"). */
export const KERNEL_FEATURES: FeatureInfo[] = [
  {
    feature: 'single_session',
    label: 'addons.singleSession',
    description: 'Sign a member out on other devices when they sign in on a new one',
    plans: ['starter', 'professional', 'dedicated', 'lifetime'],
  },
  {
    // Honoured by the course plugin: completions earn a PDF certificate with a public check. Which
    // plans include it is the plan catalogue's add-on lists.
    feature: 'certificates',
    label: 'addons.certificates',
    description: 'Students earn a PDF certificate when they complete a course, verifiable at a public address',
    requires: 'lms',
  },
];

export class FeatureCatalogue {
  private readonly byFeature = new Map<string, FeatureInfo>();

  constructor(manifests: readonly PluginManifest[]) {
    const installed = new Set(manifests.map((manifest) => manifest.name));
    // A kernel feature another plugin honours is on offer only with that plugin: without it the
    // switch would do nothing (certificates without the LMS).
    for (const info of KERNEL_FEATURES) if (info.requires === undefined || installed.has(info.requires)) this.byFeature.set(info.feature, info);
    for (const manifest of manifests) {
      if (manifest.feature === undefined) continue;
      this.byFeature.set(manifest.feature, {
        feature: manifest.feature,
        label: `addons.${manifest.feature}`,
        description: manifest.description ?? manifest.name,
        plugin: manifest.name,
        plans: manifest.plans,
      });
    }
  }

  list(): FeatureInfo[] {
    return [...this.byFeature.values()].sort((a, b) => a.feature.localeCompare(b.feature));
  }

  get(feature: string): FeatureInfo | undefined {
    return this.byFeature.get(feature);
  }

  availableOn(plan: string, feature: string): boolean {
    const info = this.byFeature.get(feature);
    return info !== undefined && planIncludes(plan, feature, info.plans);
  }

  /**
   * The switches a new site starts with (DECISIONS "Accounts, sign-up and plans": the plan's
   * features on): every installed plugin's feature the plan includes, so a new school has courses
   * from the start. Kernel behaviour flags (single sign-in session, certificates) stay the owner's choice.
   */
  startingSwitches(plan: string): Record<string, boolean> {
    const switches: Record<string, boolean> = {};
    for (const info of this.byFeature.values()) if (info.plugin !== undefined && this.availableOn(plan, info.feature)) switches[info.feature] = true;
    return switches;
  }

  /** The plan's built-in features plus the add-ons the owner switched on that the plan includes. */
  effective(row: Pick<AccountRow, 'plan' | 'features'>): Set<string> {
    const result = new Set<string>(findPlan(row.plan)?.features ?? []);
    for (const [feature, on] of Object.entries(row.features ?? {})) {
      if (on === true && this.availableOn(row.plan, feature)) result.add(feature);
    }
    return result;
  }
}
