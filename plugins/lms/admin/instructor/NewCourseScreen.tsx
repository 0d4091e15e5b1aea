import { PageHeader } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { NewCourseForm } from './NewCourseForm';

/** The quick-create menu's "New course" (/dashboard/instructor/new): a title and slug, then the editor. */
export default function NewCourseScreen() {
  const { t } = useTranslation('lms-instructor');
  return (
    <>
      <PageHeader title={t('create.title')} />
      <NewCourseForm />
    </>
  );
}
