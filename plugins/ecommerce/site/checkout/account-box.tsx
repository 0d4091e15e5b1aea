import { useState } from 'react';
import { useSite, useSiteUi } from '@lectern/sdk/site';
import { useShopText } from '../i18n/shop-text.js';

/**
 * Who is buying: "Signed in as …", or the theme's sign-in and sign-up forms inline (useSiteUi's
 * AuthPanel, whichever theme draws the site), which send the visitor back to /checkout.
 */
export function AccountBox() {
  const t = useShopText();
  const { data } = useSite();
  const { AuthPanel } = useSiteUi();
  const [mode, setMode] = useState<'login' | 'signup'>('login');
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
      <AuthPanel key={mode} mode={mode} returnPath="/checkout" />
    </div>
  );
}
