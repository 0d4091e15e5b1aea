export { BillingSubscriptionsScreen as default } from './PlatformBillingScreens';
