export { focusableIn } from '@lectern/sdk/site';
