export { BillingOrdersScreen as default } from './PlatformBillingScreens';
