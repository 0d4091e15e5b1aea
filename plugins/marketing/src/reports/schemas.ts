import { Type, type Static } from '@lectern/sdk';

export const REPORT_DAYS = [7, 30, 90] as const;

export const ReportQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Union(
        REPORT_DAYS.map((days) => Type.Literal(days)),
        { default: 30, description: 'The window, in days up to today (UTC)' },
      ),
    ),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ format: 'date' });

export const MarketingReport = Type.Object({
  days: Count,
  contacts: Type.Object({ total: Count, active: Count, pending: Count, unsubscribed: Count, bounced: Count }),
  lists: Count,
  forms: Type.Object({ total: Count, published: Count }),
  popups: Type.Object({ total: Count, published: Count }),
  /** One entry a day of the window, oldest first: contacts made that day, and all the site's contacts made up to its end. */
  subscribers: Type.Array(Type.Object({ date: Day, added: Count, total: Count })),
  /** The forms seen or sent in the window (most submissions first, up to 10): conversion is submissions over views. */
  forms_activity: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), views: Count, submissions: Count })),
  /** Campaigns whose send began in the window (newest first, up to 6): mails sent, and the people who opened and clicked. */
  campaigns: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), sent: Count, opened: Count, clicked: Count })),
});

export type MarketingReport = Static<typeof MarketingReport>;
