import { escapeHtml, renderSubject } from '../mail/template.js';
import type { OutgoingMail } from '../mail/mail-sender.js';

/** What a site's bill did, told to its owners (type `billing`, from the site's own outbox). */
export type BillingNotice =
  | { kind: 'plan_active'; planLabel: string }
  | { kind: 'payment_received'; planLabel: string; paidUntil: Date | null }
  | { kind: 'trial_ending'; endsOn: Date }
  | { kind: 'renewal_due'; planLabel: string; orderNumber: string; amount: string; instructions: string; dueBy: Date }
  | { kind: 'payment_failed'; planLabel: string }
  | { kind: 'read_only'; suspendOn: Date }
  | { kind: 'suspended' };

const longDate = (date: Date) => date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function wording(notice: BillingNotice): { subject: string; lines: string[] } {
  switch (notice.kind) {
    case 'plan_active':
      return {
        subject: '{{site}} is on the {{plan}} plan',
        lines: [`Thank you: {{site}} is on the ${notice.planLabel} plan.`, 'Your receipts are on the billing page.'],
      };
    case 'payment_received':
      return {
        subject: 'Payment received for {{site}}',
        lines: [
          `Thank you: we received the payment for your ${notice.planLabel} plan.`,
          notice.paidUntil === null ? 'Your plan goes on without a renewal date.' : `Your plan is paid until ${longDate(notice.paidUntil)}.`,
          'The receipt is on the billing page, ready to download as a PDF.',
        ],
      };
    case 'trial_ending':
      return {
        subject: 'Your trial of {{site}} ends on {{date}}',
        lines: [
          `The free trial of {{site}} ends on ${longDate(notice.endsOn)}.`,
          'Choose a plan on the billing page to keep everything running. If no plan is chosen, the site becomes read-only then: nothing is deleted.',
        ],
      };
    case 'renewal_due':
      return {
        subject: 'Renewal due for {{site}}: order {{order}}',
        lines: [
          `Your ${notice.planLabel} plan renews now: order ${notice.orderNumber} for ${notice.amount} is waiting for your payment.`,
          ...(notice.instructions === '' ? [] : [`How to pay: ${notice.instructions}`]),
          `Please quote the order number ${notice.orderNumber} with your payment. If it is not paid by ${longDate(notice.dueBy)}, the site becomes read-only until it is: nothing is deleted.`,
        ],
      };
    case 'payment_failed':
      return {
        subject: 'Payment failed for {{site}}',
        lines: [
          `We could not take the payment for your ${notice.planLabel} plan.`,
          'We will try again over the next days. To keep your site running, check or update your payment method on the billing page.',
        ],
      };
    case 'read_only':
      return {
        subject: '{{site}} is read-only until a plan is paid',
        lines: [
          'Your trial or subscription has ended, so your site is read-only: visitors still see it and members can sign in, but nothing can be changed.',
          `Choose a plan on the billing page to continue. Nothing has been deleted. If no plan is paid, the site will be suspended on ${longDate(notice.suspendOn)}.`,
        ],
      };
    case 'suspended':
      return {
        subject: '{{site}} is suspended',
        lines: [
          'Your site has been read-only for 30 days without a paid plan, so visitors no longer see it.',
          'Nothing has been deleted: choose a plan on the billing page and it is back at once.',
        ],
      };
  }
}

/** The e-mail to one owner of the site about its bill, with the way to its billing page. */
export function billingMail(input: { accountId: string; to: string; siteName: string; origin: string; notice: BillingNotice }): OutgoingMail {
  const { subject, lines } = wording(input.notice);
  const fill = (text: string) => text.replaceAll('{{site}}', input.siteName);
  const billing = `${input.origin}/dashboard/billing`;
  const e = escapeHtml;
  return {
    accountId: input.accountId,
    type: 'billing',
    to: input.to,
    subject: renderSubject(subject, {
      site: input.siteName,
      plan: input.notice.kind === 'plan_active' ? input.notice.planLabel : '',
      date: input.notice.kind === 'trial_ending' ? longDate(input.notice.endsOn) : '',
      order: input.notice.kind === 'renewal_due' ? input.notice.orderNumber : '',
    }),
    text: ['Hello,', '', ...lines.map(fill), '', `Billing: ${billing}`].join('\n'),
    html: ['<p>Hello,</p>', ...lines.map((line) => `<p>${e(fill(line))}</p>`), `<p><a href="${e(billing)}">Open the billing page</a></p>`].join('\n'),
  };
}
