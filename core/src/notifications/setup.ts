import type { FastifyBaseLogger } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { HookBus } from '../hooks/hook-bus.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { OptionsService } from '../options/options-service.js';
import type { PluginDefinition } from '../plugins/contract.js';
import { NotificationService } from './notification-service.js';
import { NotificationTokens } from './tokens.js';
import { TouchpointRegistry } from './touchpoint-registry.js';

export interface NotificationSetup {
  hooks: HookBus;
  options: OptionsService;
  /** Any MailSender: the direct SMTP mailer today, the outbox later. */
  mailer: MailSender;
  plugins: readonly PluginDefinition[];
  container: DependencyContainer;
  log: FastifyBaseLogger;
}

/** Builds the notification service and the touchpoint registry and offers both to plugins. */
export function createNotifications(deps: NotificationSetup): { notifications: NotificationService; touchpoints: TouchpointRegistry } {
  const notifications = new NotificationService(deps.hooks);
  const touchpoints = new TouchpointRegistry(deps.plugins, { notifications, options: deps.options, mailer: deps.mailer, log: deps.log });
  deps.container.register(NotificationTokens.Notifications, { useValue: notifications });
  deps.container.register(NotificationTokens.Touchpoints, { useValue: touchpoints });
  return { notifications, touchpoints };
}
