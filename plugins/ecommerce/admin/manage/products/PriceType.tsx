import { Badge } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../shared/model';
import { periodText } from '../../shared/period';

/** "One-time", or "Subscription" with its renewal period ("every 3 months"). */
export function PriceType({ price }: { price: Product['metadata']['price'] }) {
  const { t, i18n } = useTranslation('ecommerce-products');
  if (price.type === 'onetime' || !price.duration) return <Badge $tone="neutral">{t('type.onetime')}</Badge>;
  return (
    <span className="nowrap">
      <Badge $tone="info">{t('type.subscription')}</Badge>{' '}
      {t('ecommerce-shop:every', { period: periodText(price.duration.value, price.duration.parameter, i18n.language) })}
    </span>
  );
}
