import { useMemo, useState } from 'react';
import { AuthPanel, SiteProvider, useSite, type PagePayload } from '@lectern/theme-default/kit';
import { useShopText } from '../i18n/shop-text.js';

/**
 * Who is buying: "Signed in as …", or the theme's sign-in and sign-up forms inline. The forms send
 * the visitor back to where `redirectedFrom` says, so they get a page path of /checkout with it.
 */
export function AccountBox() {
  const t = useShopText();
  const { data, messages, renderedAt } = useSite();
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const payload = useMemo<PagePayload>(
    () => ({ data: { ...data, path: `/checkout?${new URLSearchParams({ redirectedFrom: '/checkout' }).toString()}` }, messages, renderedAt }),
    [data, messages, renderedAt],
  );
  if (data.viewer !== null) {
    return (
      <p className="shop-checkout__signed-in" data-testid="checkout-signed-in">
        {t('checkout.signedInAs', { name: data.viewer.name || data.viewer.email, email: data.viewer.email })}
      </p>
    );
  }
  return (
    <div className="shop-checkout__auth" data-testid="checkout-auth">
      <p>{t('checkout.signInFirst')}</p>
      <div className="shop-checkout__modes" role="group" aria-label={t('checkout.account')}>
        <button type="button" className={`chip${mode === 'login' ? ' is-active' : ''}`} aria-pressed={mode === 'login'} onClick={() => setMode('login')}>
          {t('checkout.signIn')}
        </button>
        <button type="button" className={`chip${mode === 'signup' ? ' is-active' : ''}`} aria-pressed={mode === 'signup'} onClick={() => setMode('signup')}>
          {t('checkout.signUp')}
        </button>
      </div>
      <SiteProvider payload={payload}>
        <AuthPanel key={mode} mode={mode} />
      </SiteProvider>
    </div>
  );
}
