import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../ui/states';

export default function NotFound() {
  const { t } = useTranslation();
  return <EmptyState title={t('errors.notFound')} hint={t('common.notFoundHint')} action={<Link to="/dashboard">{t('menu.dashboard')}</Link>} />;
}
