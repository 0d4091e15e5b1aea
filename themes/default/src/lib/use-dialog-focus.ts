/** Modal focus behaviour is theme-neutral: it lives in the SDK's site kit, shared with plugins' dialogs. */
export { useDialogFocus } from '@lectern/sdk/site';
