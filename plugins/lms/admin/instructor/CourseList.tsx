import {
  api,
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  FilterSelect,
  Icon,
  Input,
  Muted,
  PageHeader,
  Pagination,
  QueryView,
  Row,
  TableScroll,
  useSearchInput,
} from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CourseStatusBadge } from './CourseStatusBadge';
import { API, COURSE_STATUSES, keys, PAGE_SIZE, type Course, type CourseStatus } from './model';
import { useCategories } from './useCategories';

/**
 * SPEC §2 /dashboard/instructor: every course the member may manage in any status, latest change
 * first, with search, status and category filters and server paging; each opens in the editor.
 */
export function CourseList() {
  const { t, i18n } = useTranslation('lms-instructor');
  const [status, setStatus] = useState<CourseStatus | ''>('');
  const [category, setCategory] = useState('');
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const categories = useCategories();
  const list = useQuery({
    queryKey: [...keys.courses, 'list', { status, category, search, offset }],
    queryFn: () =>
      api<{ items: Course[]; total: number }>(`${API}/courses`, {
        query: { status: status || undefined, category: category || undefined, search: search || undefined, limit: PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);
  const filtered = status !== '' || category !== '' || search !== '';
  const createLink = (
    <Button as={Link} to="new" data-testid="new-course">
      <Icon name="plus" />
      {t('list.new')}
    </Button>
  );
  const headerActions = (
    <Row $wrap>
      <Button as={Link} to="quizzes" $variant="secondary" data-testid="instructor-quizzes">
        {t('list.quizzes')}
      </Button>
      <Button as={Link} to="categories" $variant="secondary" data-testid="instructor-categories">
        {t('list.categories')}
      </Button>
      {createLink}
    </Row>
  );
  const categoryItems = categories.data?.items ?? [];

  return (
    <>
      <PageHeader title={t('list.title')} actions={headerActions} />
      <Row $wrap style={{ marginBottom: '1rem', alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 16rem' }}>
          <Field label={t('list.search')}>
            <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="course-search" />
          </Field>
        </div>
        <FilterSelect
          flex="0 1 12rem"
          label={t('list.status')}
          value={status}
          options={COURSE_STATUSES}
          optionLabel={(value) => t(`status.${value}`)}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
          }}
        />
        {categoryItems.length === 0 ? null : (
          <FilterSelect
            flex="0 1 14rem"
            label={t('list.category')}
            value={category}
            options={categoryItems.map((c) => c.slug)}
            optionLabel={(slug) => categoryItems.find((c) => c.slug === slug)?.name ?? slug}
            onChange={(value) => {
              setCategory(value);
              setOffset(0);
            }}
          />
        )}
      </Row>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={filtered ? <EmptyState title={t('list.noneMatching')} /> : <EmptyState title={t('list.none')} hint={t('list.noneHint')} action={createLink} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="course-list"
                columns={[t('list.column.title'), t('list.column.status'), t('list.column.students'), t('list.column.authors'), t('list.column.updated')]}
              >
                {data.items.map((course) => (
                  <tr key={course.id} data-testid="course-row" data-course={course.id} data-slug={course.slug}>
                    <td>
                      <Link to={`courses/${course.id}`}>{course.title}</Link>
                      {course.categories.length === 0 ? null : <Muted>{course.categories.map((c) => c.name).join(', ')}</Muted>}
                    </td>
                    <td>
                      <CourseStatusBadge status={course.status} />
                    </td>
                    <td className="num" data-testid="course-student-count">
                      {course.seats === null
                        ? number.format(course.student_count)
                        : t('list.seatsUsed', { seats: number.format(course.seats), students: number.format(course.student_count) })}
                    </td>
                    <td>
                      {course.authors
                        .map((a) => a.name)
                        .filter(Boolean)
                        .join(', ') || <Muted as="span">—</Muted>}
                    </td>
                    <td className="nowrap">
                      <time dateTime={course.updated_at}>{format.format(new Date(course.updated_at))}</time>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
    </>
  );
}
