import { api, Button, ConfirmDialog, Icon, PageHeader, QueryView, Row } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCourseAccess } from './access';
import { CourseStatusBadge } from './CourseStatusBadge';
import { CurriculumTab } from './curriculum/CurriculumTab';
import { DetailsTab } from './details/DetailsTab';
import { API, AREA_PATH, keys, type Course } from './model';
import { StatsTab } from './stats/StatsTab';
import { StudentsTab } from './students/StudentsTab';
import { SubmissionsTab } from './submissions/SubmissionsTab';
import { panelId, tabId, Tabs, type TabDef } from './Tabs';
import { useLeaveWarning } from './useLeaveWarning';

/** /dashboard/instructor/courses/:id: a course's details, curriculum, students, submissions and statistics, one tab each. */
export function CourseEditor() {
  const { t } = useTranslation('lms-instructor');
  const { id = '' } = useParams();
  const access = useCourseAccess();
  const [params, setParams] = useSearchParams();
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  useLeaveWarning(dirty);
  const course = useQuery({ queryKey: keys.course(id), queryFn: () => api<Course>(`${API}/courses/${id}`) });

  const tabs: TabDef[] = [
    { id: 'details', label: t('tabs.details'), dirty },
    ...(access.curriculum ? [{ id: 'curriculum', label: t('tabs.curriculum') }] : []),
    ...(access.students ? [{ id: 'students', label: t('tabs.students') }] : []),
    ...(access.submissions ? [{ id: 'submissions', label: t('tabs.submissions') }] : []),
    ...(access.stats ? [{ id: 'stats', label: t('tabs.stats') }] : []),
  ];
  const asked = params.get('tab') ?? 'details';
  const active = tabs.some((tab) => tab.id === asked) ? asked : 'details';
  const choose = (tab: string) => setParams((old) => (tab === 'details' ? (old.delete('tab'), old) : (old.set('tab', tab), old)), { replace: true });
  const panel = (tab: string) => ({ role: 'tabpanel', id: panelId(tab), 'aria-labelledby': tabId(tab), hidden: active !== tab });

  return (
    <QueryView query={course}>
      {(data) => (
        <>
          <PageHeader
            title={data.title}
            actions={
              <Row $wrap>
                <CourseStatusBadge status={data.status} />
                <Button
                  as={Link}
                  to={AREA_PATH}
                  $variant="ghost"
                  onClick={(event: React.MouseEvent) => {
                    // Unsaved details would be lost: ask first (closing the tab asks through the browser).
                    if (!dirty) return;
                    event.preventDefault();
                    setLeaving(true);
                  }}
                  data-testid="course-back"
                >
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
          <Tabs tabs={tabs} active={active} onChange={choose} label={t('tabs.label')} dirtyLabel={t('editor.unsaved')} />
          {/* The details form stays mounted so unsaved edits survive a look at another tab. */}
          <div {...panel('details')}>
            <DetailsTab course={data} onDirtyChange={setDirty} />
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
          <ConfirmDialog
            open={leaving}
            title={t('editor.leaveTitle')}
            body={t('editor.leaveBody')}
            confirmLabel={t('editor.leave')}
            onConfirm={() => {
              setLeaving(false);
              void navigate(AREA_PATH);
            }}
            onClose={() => setLeaving(false)}
          />
        </>
      )}
    </QueryView>
  );
}
