import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, Card, Muted, ProgressBar, Row, Stack } from '@lectern/admin/kit';
import { formatDate } from '../time';
import type { MyCourse } from '../types';
import { StatusBadge } from './StatusBadge';

const Cover = styled.div`
  aspect-ratio: 16 / 9;
  margin: -1.1rem -1.25rem 0;
  border-radius: 10px 10px 0 0;
  overflow: hidden;
  background: ${(p) => p.theme.surfaceAlt};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

const Title = styled.h2`
  font-size: 1.05rem;
  margin: 0;
`;

/** One enrolment in "my courses": cover, title, status, progress, expiry and the way back in. */
export function CourseCard({ entry }: { entry: MyCourse }) {
  const { t, i18n } = useTranslation('lms-student');
  const { course } = entry;
  // The player opens at the item the student left off at; without one, the player picks.
  const target = entry.continue_item === null ? course.slug : `${course.slug}/${entry.continue_item}`;
  return (
    <Card as="article" data-testid="course-card" data-course={course.slug}>
      <Stack $gap="0.75rem">
        <Cover>{course.featured_image === null ? null : <img src={course.featured_image} alt="" loading="lazy" />}</Cover>
        <Title>
          <Link to={course.slug}>{course.title}</Link>
        </Title>
        <Row $wrap $gap="0.5rem">
          <StatusBadge status={entry.status} expired={entry.expired} />
          <Muted as="span">{t('progress.percent', { percent: entry.progress })}</Muted>
        </Row>
        <ProgressBar
          ratio={entry.progress / 100}
          tone={entry.progress >= 100 ? 'success' : 'primary'}
          label={t('progress.label', { title: course.title })}
          max={100}
          now={entry.progress}
          valueText={t('progress.percent', { percent: entry.progress })}
        />
        {entry.expiry === null ? null : (
          <Muted data-testid="course-expiry">
            {/* The 9999-day default is "no time limit" (DECISIONS.md), not a date decades away. */}
            {entry.unlimited && !entry.expired
              ? t('myCourses.noTimeLimit')
              : t(entry.expired ? 'myCourses.expired' : 'myCourses.expires', { date: formatDate(entry.expiry, i18n.language) })}
          </Muted>
        )}
        {entry.expired ? null : (
          <Button as={Link} to={target} data-testid="course-continue" style={{ alignSelf: 'flex-start' }}>
            {t(entry.status === 1 ? 'myCourses.start' : entry.status >= 3 ? 'myCourses.open' : 'myCourses.continue')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
