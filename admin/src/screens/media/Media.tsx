import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { Card } from '../../ui/primitives';
import { MediaLibrary } from './MediaLibrary';

/** /dashboard/media: the site's media library (SPEC §1: site owners manage pages, posts and media). */
export default function Media() {
  const { t } = useTranslation('content');
  return (
    <>
      <PageHeader title={t('media.title')} />
      <Card>
        <MediaLibrary mode="manage" />
      </Card>
    </>
  );
}
