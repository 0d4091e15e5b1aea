import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import semver from 'semver';

const Name = Type.String({ pattern: '^[a-z][a-z0-9-]{1,39}$', description: 'kebab-case plugin name' });
const Key = Type.String({ pattern: '^[a-z][a-z0-9_.-]*$' });
/** Automation keys: SPEC §9 spells one action in camel case (emailList). The automation routes take the same. */
export const STEP_KEY_PATTERN = '^[a-z][a-zA-Z0-9_.-]*$';
const StepKey = Type.String({ pattern: STEP_KEY_PATTERN });
const Json = Type.Record(Type.String(), Type.Unknown());
/** Where a dashboard entry shows (SPEC §2): side menu, profile menu, quick-create links (also the top bar's create menu), super-admin menu. */
const MenuArea = Type.Union([Type.Literal('sidebar'), Type.Literal('profile'), Type.Literal('quick'), Type.Literal('super')]);

const TableScope = Type.Union([
  Type.Literal('tenant'),
  Type.Object({ scope: Type.Literal('global'), app: Type.Optional(Type.String()) }, { additionalProperties: false }),
]);

export const ManifestSchema = Type.Object(
  {
    name: Name,
    version: Type.String({ description: 'semver of the plugin' }),
    kernel: Type.String({ description: 'semver range of kernels it runs on' }),
    description: Type.Optional(Type.String()),
    requires: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'plugin name → semver range' })),
    after: Type.Optional(Type.Array(Name, { description: 'optional companions: load (and seed) after these plugins when they are installed' })),
    feature: Type.Optional(Key),
    plans: Type.Optional(Type.Array(Type.String())),
    provides: Type.Optional(
      Type.Array(Key, {
        description:
          "Parts of the product the plugin delivers (e.g. 'mailing-lists', 'forms'): the provider's pages describe only what installed plugins name or provide",
      }),
    ),
    capabilities: Type.Optional(
      Type.Array(Type.Object({ name: Key, description: Type.Optional(Type.String()), roles: Type.Array(Type.String()) }, { additionalProperties: false })),
    ),
    settings: Type.Optional(Type.Object({ schema: Json, defaults: Json }, { additionalProperties: false })),
    tables: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), TableScope)),
    automation: Type.Optional(
      Type.Object(
        {
          // Schemas are TypeBox objects (defineTrigger, defineCondition, defineAction); the code comes in register().
          triggers: Type.Optional(Type.Array(Type.Object({ key: StepKey, payload: Type.Optional(Json) }, { additionalProperties: false }))),
          conditions: Type.Optional(Type.Array(Type.Object({ key: StepKey, args: Type.Optional(Json) }, { additionalProperties: false }))),
          actions: Type.Optional(Type.Array(Type.Object({ key: StepKey, input: Type.Optional(Json) }, { additionalProperties: false }))),
        },
        { additionalProperties: false },
      ),
    ),
    admin: Type.Optional(
      Type.Object(
        {
          menu: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  id: Key,
                  label: Type.String({ description: 'i18n key' }),
                  path: Type.String({ pattern: '^/dashboard(/.*)?$' }),
                  parent: Type.Optional(Type.String()),
                  order: Type.Optional(Type.Number()),
                  area: Type.Optional(MenuArea),
                  capability: Type.Optional(Type.Union([Key, Type.Array(Key, { minItems: 1 })], { description: 'any one of these' })),
                  without: Type.Optional(Type.Union([Key, Type.Array(Key, { minItems: 1 })], { description: 'hidden from members holding any of these' })),
                  feature: Type.Optional(Key),
                  icon: Type.Optional(Type.String()),
                },
                { additionalProperties: false },
              ),
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    theme: Type.Optional(
      Type.Object(
        {
          blocks: Type.Optional(Type.Array(Type.String())),
          templates: Type.Optional(Type.Array(Type.String())),
          routes: Type.Optional(Type.Array(Type.Object({ path: Type.String(), chrome: Type.Optional(Type.Boolean()) }, { additionalProperties: false }))),
        },
        { additionalProperties: false },
      ),
    ),
    touchpoints: Type.Optional(
      Type.Array(Type.Object({ key: Key, label: Type.String(), subject: Type.String(), body: Type.String() }, { additionalProperties: false })),
    ),
  },
  { additionalProperties: false },
);

export type PluginManifest = Static<typeof ManifestSchema>;

export class ManifestError extends Error {
  constructor(
    readonly plugin: string,
    readonly problems: string[],
  ) {
    super(`Plugin "${plugin}" has an invalid manifest:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ManifestError';
  }
}

/** Checks a manifest's shape and its version strings; throws one error listing every problem. */
export function validateManifest(manifest: unknown, kernelVersion: string): PluginManifest {
  const name = typeof (manifest as { name?: unknown })?.name === 'string' ? (manifest as { name: string }).name : '(unnamed)';
  const problems = [...Value.Errors(ManifestSchema, manifest)].map((e) => `${e.path || '/'}: ${e.message}`);
  if (problems.length > 0) throw new ManifestError(name, problems);
  const valid = manifest as PluginManifest;
  if (semver.valid(valid.version) === null) problems.push(`/version: "${valid.version}" is not a semver version`);
  if (semver.validRange(valid.kernel) === null) problems.push(`/kernel: "${valid.kernel}" is not a semver range`);
  else if (!semver.satisfies(kernelVersion, valid.kernel, { includePrerelease: true })) {
    problems.push(`/kernel: needs kernel ${valid.kernel}, this kernel is ${kernelVersion}`);
  }
  for (const [dep, range] of Object.entries(valid.requires ?? {})) {
    if (semver.validRange(range) === null) problems.push(`/requires/${dep}: "${range}" is not a semver range`);
  }
  if (valid.plans !== undefined && valid.feature === undefined) problems.push('/plans: plan gating needs a feature flag');
  if (problems.length > 0) throw new ManifestError(name, problems);
  return valid;
}
