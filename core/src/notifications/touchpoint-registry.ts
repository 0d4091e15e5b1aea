import type { FastifyBaseLogger } from 'fastify';
import type { AnyDb } from '../db/database.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { OptionsService, TouchpointSetting } from '../options/options-service.js';
import type { PluginDefinition } from '../plugins/contract.js';
import { KERNEL_TOUCHPOINTS, type TouchpointDefinition } from './kernel-touchpoints.js';
import type { NotificationService } from './notification-service.js';
import { htmlToText } from './sanitize.js';
import { renderHtml, renderLine, type TemplateTokens } from './templates.js';
import type { NotificationData } from './types.js';
import type { WorkScope } from './work-scope.js';

/** SPEC §7: the subject used when neither the owner nor the touchpoint gives one. */
export const DEFAULT_SUBJECT = 'New mail';

/**
 * An account's switch for a touchpoint when the `touchpoints` option has no entry for it: off.
 * SPEC §7 says a touchpoint "fires only if enabled in the touchpoints option", so nothing is sent
 * until the owner enables it (PUT /api/account/touchpoints/:key).
 */
export const DEFAULT_SETTING: TouchpointSetting = { email: false, notification: false };

export class TouchpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TouchpointError';
  }
}

export interface FireInput {
  to: { userId: string; email?: string | null };
  tokens?: TemplateTokens;
  /** The notification's component; defaults to the declaring plugin's name, else 'kernel'. */
  component?: string;
  itemId?: string | null;
  /** The notification's data; defaults to { action: key }. */
  data?: NotificationData;
}

export interface FireResult {
  /** An email was queued to go out once the transaction commits. */
  emailed: boolean;
  /** The id of the notification inserted, if any. */
  notificationId: string | null;
}

/** One touchpoint as an account sees it: its definition merged with the account's setting. */
export interface AccountTouchpoint {
  key: string;
  label: string;
  plugin?: string;
  email: boolean;
  notification: boolean;
  /** Effective templates: the owner's when set, else the defaults. */
  subject: string;
  body: string;
  customized: boolean;
}

export interface TouchpointDeps {
  notifications: NotificationService;
  options: OptionsService;
  mailer: MailSender;
  log: FastifyBaseLogger;
}

/**
 * The kernel's touchpoints plus every plugin's `manifest.touchpoints` (`kernel.touchpoints`).
 * A plugin may redefine one of the kernel's keys (it then owns its templates and label); two
 * plugins declaring the same key stop boot.
 */
export class TouchpointRegistry {
  private readonly byKey = new Map<string, TouchpointDefinition>();

  constructor(
    plugins: readonly PluginDefinition[],
    private readonly deps: TouchpointDeps,
  ) {
    for (const definition of KERNEL_TOUCHPOINTS) this.byKey.set(definition.key, definition);
    for (const plugin of plugins) {
      const { name, feature } = plugin.manifest;
      for (const touchpoint of plugin.manifest.touchpoints ?? []) {
        const existing = this.byKey.get(touchpoint.key);
        if (existing?.plugin !== undefined) {
          throw new TouchpointError(`Touchpoint "${touchpoint.key}" is declared by both plugin "${existing.plugin}" and plugin "${name}"`);
        }
        this.byKey.set(touchpoint.key, { ...touchpoint, plugin: name, ...(feature === undefined ? {} : { feature }) });
      }
    }
  }

  get(key: string): TouchpointDefinition | undefined {
    return this.byKey.get(key);
  }

  /** Every touchpoint, kernel ones first, in declaration order. */
  list(): TouchpointDefinition[] {
    return [...this.byKey.values()];
  }

  /** Touchpoints available to an account (plugins whose feature is off are left out). */
  available(features: ReadonlySet<string>): TouchpointDefinition[] {
    return this.list().filter((d) => d.feature === undefined || features.has(d.feature));
  }

  /** The account's `touchpoints` option, read through the caller's transaction (cached). */
  async settings(db: AnyDb, accountId: string): Promise<Record<string, TouchpointSetting>> {
    const value = await this.deps.options.get(db, accountId, 'touchpoints', {});
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  describe(definition: TouchpointDefinition, setting: TouchpointSetting | undefined): AccountTouchpoint {
    const effective = { ...DEFAULT_SETTING, ...setting };
    const subject = nonBlank(setting?.subject) ?? definition.subject;
    const body = nonBlank(setting?.body) ?? definition.body;
    return {
      key: definition.key,
      label: definition.label,
      ...(definition.plugin === undefined ? {} : { plugin: definition.plugin }),
      email: effective.email === true,
      notification: effective.notification === true,
      subject,
      body,
      customized: nonBlank(setting?.subject) !== undefined || nonBlank(setting?.body) !== undefined,
    };
  }

  /**
   * Fires a touchpoint for one member inside the caller's transaction. What the account's
   * `touchpoints` option enables happens: a notification row now (same transaction), an email
   * through the mail sender once the transaction has committed. Disabled (or unset) does nothing.
   */
  async fire(scope: WorkScope, key: string, input: FireInput): Promise<FireResult> {
    const definition = this.byKey.get(key);
    if (definition === undefined) throw new TouchpointError(`Unknown touchpoint "${key}"`);
    if (definition.feature !== undefined && !scope.features.has(definition.feature)) return { emailed: false, notificationId: null };
    const settings = await this.settings(scope.db, scope.accountId);
    const touchpoint = this.describe(definition, settings[key]);
    if (!touchpoint.email && !touchpoint.notification) return { emailed: false, notificationId: null };

    const tokens = input.tokens ?? {};
    const subject = renderLine(touchpoint.subject, tokens) || DEFAULT_SUBJECT;
    const html = renderHtml(touchpoint.body, tokens);
    const text = htmlToText(html);

    let notificationId: string | null = null;
    if (touchpoint.notification) {
      const row = await this.deps.notifications.create(scope, {
        userId: input.to.userId,
        component: input.component ?? definition.plugin ?? 'kernel',
        type: 'other',
        title: subject,
        message: text,
        data: input.data ?? { action: key },
        itemId: input.itemId ?? null,
      });
      notificationId = row.id;
    }

    const email = input.to.email ?? null;
    const emailed = touchpoint.email && email !== null && email !== '';
    if (emailed) {
      const { mailer, log } = this.deps;
      const accountId = scope.accountId;
      scope.afterCommit(async () => {
        try {
          await mailer.send({ to: email, subject, html, text, accountId });
        } catch (error) {
          log.error({ err: error, touchpoint: key, accountId }, 'touchpoint email failed');
        }
      });
    }
    return { emailed, notificationId };
  }
}

function nonBlank(value: string | undefined | null): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
