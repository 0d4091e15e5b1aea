import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, Button, EmptyState, Grid, PageHeader, Pagination, QueryView, useBootstrap } from '@lectern/admin/kit';
import { AssignedQuizzes } from './course/AssignedQuizzes';
import { CourseCard } from './course/CourseCard';
import { LMS_API, studentKeys } from './keys';
import type { MyCourse, Page } from './types';

const PER_PAGE = 12;

/** "My courses": the quizzes assigned to the member, then their enrolments, newest first, each with where to continue. */
export function MyCourses() {
  const { t } = useTranslation('lms-student');
  const [offset, setOffset] = useState(0);
  const boot = useBootstrap();
  const list = useQuery({
    queryKey: studentKeys.myCourses(offset),
    queryFn: () => api<Page<MyCourse>>(`${LMS_API}/my/courses`, { query: { limit: PER_PAGE, offset } }),
    placeholderData: keepPreviousData,
  });
  const siteUrl = boot.data?.account.site_url.replace(/\/$/, '') ?? '';
  const browse = (
    <Button as="a" href={`${siteUrl}/course`} data-testid="browse-courses">
      {t('myCourses.browse')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('myCourses.title')} />
      <AssignedQuizzes />
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={<EmptyState title={t('myCourses.none')} hint={t('myCourses.noneHint')} action={browse} />}
      >
        {(data) => (
          <>
            <Grid $min="16rem" data-testid="my-courses">
              {data.items.map((entry) => (
                <CourseCard key={entry.course.id} entry={entry} />
              ))}
            </Grid>
            <Pagination offset={offset} limit={PER_PAGE} total={data.total} onChange={setOffset} />
          </>
        )}
      </QueryView>
    </>
  );
}
