import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { KernelConfig } from '../config/config.js';
import type { AnyDb, Database } from '../db/database.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { MailSender } from '../mail/mail-sender.js';
import { mailRoutes } from '../mail/routes.js';
import { OutboxMailer, type MailBounce } from '../mail/outbox.js';
import { SmtpTransport } from '../mail/smtp-transport.js';
import type { AccountScope } from '../plugins/contract.js';
import type { AccountDirectory } from '../tenancy/account-directory.js';
import { JobService } from './job-service.js';
import { jobRoutes } from './routes.js';

export {
  JobService,
  JOBS_SCHEMA,
  type JobContext,
  type JobStepContext,
  type JobHandler,
  type JobStepHandler,
  type JobOptions,
  type JobRecord,
  type WorkOptions,
} from './job-service.js';
export { OutboxMailer, MAIL_SEND_JOB, type MailBounce, type OutboxMessage, type OutboxSendOptions } from '../mail/outbox.js';

export interface JobsAndMail {
  jobs: JobService;
  mail: OutboxMailer;
  /** Starts pg-boss (creating schema `pgboss` on first run) and this instance's mail worker. */
  start(): Promise<void>;
  /** Stops the workers (running handlers get `timeoutMs` to finish) and closes the job pool and SMTP. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobsAndMailDependencies {
  config: Pick<KernelConfig, 'smtpUrl' | 'mailFrom' | 'platformDomain'>;
  database: Database;
  log: FastifyBaseLogger;
  accounts: AccountDirectory;
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
  /** Where mail goes while there is no account to keep it under (no platform account yet). */
  fallback: MailSender;
  /** Told of each message a receiving server refused for good. */
  onBounce?: (bounce: MailBounce) => Promise<void>;
}

/** Builds the job service and the outbox mailer; nothing touches the database until start(). */
export function createJobsAndMail(deps: JobsAndMailDependencies): JobsAndMail {
  const jobs = new JobService({ database: deps.database, log: deps.log, inAccount: deps.inAccount, withSystem: deps.withSystem });
  const mail = new OutboxMailer({
    jobs,
    log: deps.log,
    defaultFrom: deps.config.mailFrom,
    transport: deps.config.smtpUrl === undefined ? undefined : new SmtpTransport(deps.config.smtpUrl),
    findAccount: (id) => deps.accounts.findById(id),
    platformAccount: () => deps.accounts.resolveHost(deps.config.platformDomain),
    inAccount: deps.inAccount,
    fallback: deps.fallback,
    ...(deps.onBounce === undefined ? {} : { onBounce: deps.onBounce }),
  });
  return {
    jobs,
    mail,
    async start() {
      await jobs.start();
      // PGlite serves one session to every connection: one message at a time keeps its traffic low.
      await mail.start(deps.database.kind === 'embedded' ? 1 : 5);
    },
    async stop(timeoutMs = 5000) {
      try {
        await jobs.stop(timeoutMs);
      } finally {
        mail.close();
      }
    },
  };
}

/** Mounts the super-admin's job routes and the mail routes (SPEC §7). */
export async function jobsAndMailRoutes(app: FastifyInstance, options: { jobsAndMail: JobsAndMail; hooks: HookBus; mailFrom: string }): Promise<void> {
  await jobRoutes(app, { jobs: options.jobsAndMail.jobs });
  await mailRoutes(app, { mail: options.jobsAndMail.mail, hooks: options.hooks, defaultFrom: options.mailFrom });
}
