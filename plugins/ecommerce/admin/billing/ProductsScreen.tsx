export { BillingProductsScreen as default } from './PlatformBillingScreens';
