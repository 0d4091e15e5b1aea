import { api, Button, Icon, PageHeader, QueryView, Row, Tabs, type TabDef } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCourseAccess } from './access';
import { CourseStatusBadge } from './CourseStatusBadge';
import { CurriculumTab } from './curriculum/CurriculumTab';
import { DetailsTab } from './details/DetailsTab';
import { API, AREA_PATH, keys, type Course } from './model';
import { StatsTab } from './stats/StatsTab';
import { StudentsTab } from './students/StudentsTab';
import { SubmissionsTab } from './submissions/SubmissionsTab';
import { UnsavedGuard } from './unsaved';

/**
 * /dashboard/instructor/courses/:id: a course's details, curriculum, students, submissions and
 * statistics, one tab each. Unsaved details, item settings or unit content hold any navigation that
 * would lose them behind a question.
 */
export function CourseEditor() {
  return <UnsavedGuard>{(dirty) => <CourseEditorTabs dirty={dirty} />}</UnsavedGuard>;
}

function CourseEditorTabs({ dirty }: { dirty: { editor: boolean; view: boolean } }) {
  const { t } = useTranslation('lms-instructor');
  const { id = '' } = useParams();
  const access = useCourseAccess();
  const [params, setParams] = useSearchParams();
  const course = useQuery({ queryKey: keys.course(id), queryFn: () => api<Course>(`${API}/courses/${id}`) });

  const tabs: TabDef[] = [
    { id: 'details', label: t('tabs.details'), dirty: dirty.editor },
    ...(access.curriculum ? [{ id: 'curriculum', label: t('tabs.curriculum'), dirty: dirty.view }] : []),
    ...(access.students ? [{ id: 'students', label: t('tabs.students') }] : []),
    ...(access.submissions ? [{ id: 'submissions', label: t('tabs.submissions') }] : []),
    ...(access.stats ? [{ id: 'stats', label: t('tabs.stats') }] : []),
  ];
  const asked = params.get('tab') ?? 'details';
  const active = tabs.some((tab) => tab.id === asked) ? asked : 'details';
  const choose = (tab: string) => setParams((old) => (tab === 'details' ? (old.delete('tab'), old) : (old.set('tab', tab), old)), { replace: true });
  // The kit's tab ids: course-tab-<id> and course-panel-<id>.
  const panel = (tab: string) => ({ role: 'tabpanel', id: `course-panel-${tab}`, 'aria-labelledby': `course-tab-${tab}`, hidden: active !== tab });

  return (
    <QueryView query={course}>
      {(data) => (
        <>
          <PageHeader
            title={data.title}
            actions={
              <Row $wrap>
                <CourseStatusBadge status={data.status} />
                <Button as={Link} to={AREA_PATH} $variant="ghost" data-testid="course-back">
                  {t('editor.back')}
                </Button>
                {data.status === 'published' ? (
                  <Button as="a" href={`/course/${data.slug}`} target="_blank" rel="noopener" $variant="secondary">
                    <Icon name="external" size={16} />
                    {t('editor.view')}
                  </Button>
                ) : null}
              </Row>
            }
          />
          <Tabs
            tabs={tabs}
            active={active}
            onChange={choose}
            label={t('tabs.label')}
            dirtyLabel={t('editor.unsaved')}
            idPrefix="course"
            testIdPrefix="course-tab"
          />
          {/* The details form stays mounted so unsaved edits survive a look at another tab. */}
          <div {...panel('details')}>
            <DetailsTab course={data} />
          </div>
          {active === 'curriculum' ? (
            <div {...panel('curriculum')}>
              <CurriculumTab courseId={data.id} />
            </div>
          ) : null}
          {active === 'students' ? (
            <div {...panel('students')}>
              <StudentsTab courseId={data.id} />
            </div>
          ) : null}
          {active === 'submissions' ? (
            <div {...panel('submissions')}>
              <SubmissionsTab courseId={data.id} />
            </div>
          ) : null}
          {active === 'stats' ? (
            <div {...panel('stats')}>
              <StatsTab courseId={data.id} />
            </div>
          ) : null}
        </>
      )}
    </QueryView>
  );
}
