import { createToken } from '@lectern/sdk';
import type { EnrolmentService } from './enrolment/service.js';
import type { LmsEvents } from './events/lms-events.js';

/** The LMS's services in the plugin container: `enrolment` for other plugins, `events` for its own parts. */
export const LmsTokens = {
  enrolment: createToken<EnrolmentService>('lms.enrolment'),
  events: createToken<LmsEvents>('lms.events'),
} as const;
