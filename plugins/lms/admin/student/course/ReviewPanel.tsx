import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, Button, Card, errorText, Field, QueryView, Row, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { playerPath, studentKeys } from '../keys';
import type { Review } from '../types';
import { StarRating } from './StarRating';

const CONTENT_MAX = 5000;

/** The student's review of a started course: GET {review | null}, POST {rating, content}. */
export function ReviewPanel({ course }: { course: string }) {
  const { t } = useTranslation('lms-student');
  const review = useQuery({
    queryKey: studentKeys.review(course),
    queryFn: () => api<{ review: Review | null }>(`${playerPath(course)}/review`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  return (
    <Card data-testid="review-panel">
      <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>{t('review.heading')}</h2>
      <QueryView query={review}>{(data) => <ReviewForm key={data.review === null ? 'new' : 'saved'} course={course} saved={data.review} />}</QueryView>
    </Card>
  );
}

function ReviewForm({ course, saved }: { course: string; saved: Review | null }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const queries = useQueryClient();
  const [rating, setRating] = useState(saved?.rating ?? 0);
  const [content, setContent] = useState(saved?.content ?? '');
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: () => api<unknown>(`${playerPath(course)}/review`, { method: 'POST', body: { rating, content: content.trim() } }),
    onSuccess: () => {
      toast(t('review.saved'));
      return queries.invalidateQueries({ queryKey: studentKeys.review(course) });
    },
    onError: (error) => toast(errorText(t, error), 'danger'),
  });
  const ratingError = tried && rating === 0 ? t('review.ratingRequired') : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (rating >= 1 && rating <= 5) save.mutate();
      }}
    >
      <Stack $gap="0.75rem">
        <StarRating value={rating} onChange={setRating} label={t('review.rating')} error={ratingError} />
        <Field label={t('review.content')} hint={t('review.contentHint')}>
          <Textarea value={content} onChange={(event) => setContent(event.target.value)} maxLength={CONTENT_MAX} data-testid="review-content" />
        </Field>
        <Row>
          <Button type="submit" disabled={save.isPending} data-testid="review-submit">
            {saved === null ? t('review.submit') : t('review.update')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
