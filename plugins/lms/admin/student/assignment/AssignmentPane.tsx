import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, Badge, Button, errorText, Field, Muted, QueryView, Row, Stack, Textarea, useBootstrap, useToast } from '@lectern/admin/kit';
import { FilePicker } from '../../shared/FilePicker';
import { useRefreshCourse } from '../course/useCourseActions';
import { LMS_API, studentKeys } from '../keys';
import { formatDateTime } from '../time';
import type { PlayerItem } from '../types';
import { assignmentFilePath, uploadText } from './text-upload';
import type { AssignmentView, Submission } from './types';

/** The kernel takes texts up to 5 MB (core/src/storage/routes/text-upload-routes.ts). */
const FILE_MAX_BYTES = 5 * 1024 * 1024;
const TEXT_MAX = 100_000;

/** An assignment: what it asks for, the student's submission and its marks. */
export function AssignmentPane({ course, item }: { course: string; item: PlayerItem }) {
  const assignment = useQuery({ queryKey: studentKeys.assignment(item.id), queryFn: () => api<AssignmentView>(`${LMS_API}/assignments/${item.id}`) });
  return (
    <QueryView query={assignment}>
      {(view) => (
        <Stack>
          <SubmissionState view={view} />
          {view.submission?.status === 4 ? null : <SubmissionForm key={view.submission?.submitted_at ?? 'new'} course={course} view={view} />}
        </Stack>
      )}
    </QueryView>
  );
}

function SubmissionState({ view }: { view: AssignmentView }) {
  const { t, i18n } = useTranslation('lms-student');
  const submission: Submission | null = view.submission;
  if (submission === null)
    return <Muted>{t(view.settings.submission === 'file' ? 'assignment.askFile' : 'assignment.askText', { max: view.settings.max_marks })}</Muted>;
  const when = submission.submitted_at === null ? '' : formatDateTime(new Date(submission.submitted_at).getTime(), i18n.language);
  return (
    <Stack $gap="0.5rem" data-testid="assignment-state" data-status={submission.status}>
      <Row $wrap $gap="0.5rem">
        {submission.status === 4 ? (
          <>
            <Badge $tone="success">{t('assignment.marked')}</Badge>
            <strong data-testid="assignment-marks">{t('assignment.marks', { marks: submission.marks ?? 0, max: view.settings.max_marks })}</strong>
          </>
        ) : (
          <Badge $tone="warning">{t('assignment.awaiting')}</Badge>
        )}
        {when === '' ? null : <Muted as="span">{t('assignment.submittedAt', { date: when })}</Muted>}
      </Row>
      {submission.file_path === null ? null : <Muted>{t('assignment.fileSent')}</Muted>}
      {submission.content === '' || submission.status !== 4 ? null : (
        <blockquote style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{submission.content}</blockquote>
      )}
    </Stack>
  );
}

function SubmissionForm({ course, view }: { course: string; view: AssignmentView }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const queries = useQueryClient();
  const refreshCourse = useRefreshCourse(course);
  const boot = useBootstrap();
  const isFile = view.settings.submission === 'file';
  const [content, setContent] = useState(view.submission?.content ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = useMutation({
    mutationFn: async () => {
      let filePath: string | undefined;
      if (isFile && file !== null) {
        if (boot.data === undefined) throw new Error(t('assignment.notReady'));
        filePath = (await uploadText(file, assignmentFilePath(view.id, boot.data.member.user_id), boot.data.account.id)).path;
      }
      return api<Submission>(`${LMS_API}/assignments/${view.id}/submission`, {
        method: 'POST',
        body: { content: content.trim(), ...(filePath === undefined ? {} : { file_path: filePath }) },
      });
    },
    onSuccess: () => {
      toast(t('assignment.submitted'));
      return Promise.all([queries.invalidateQueries({ queryKey: studentKeys.assignment(view.id) }), refreshCourse()]);
    },
    onError: (error) => toast(errorText(t, error), 'danger'),
  });

  const send = () => {
    if (isFile) {
      if (file === null) return setProblem(t('assignment.fileRequired'));
      if (file.size > FILE_MAX_BYTES) return setProblem(t('assignment.fileTooLarge'));
    } else if (content.trim() === '') return setProblem(t('assignment.textRequired'));
    setProblem(null);
    submit.mutate();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack $gap="0.75rem">
        {isFile ? (
          <>
            <Field label={t('assignment.file')} hint={t('assignment.fileHint')} error={problem}>
              <FilePicker
                accept=".txt,text/plain"
                onFile={setFile}
                buttonLabel={t('assignment.chooseFile')}
                noneLabel={t('assignment.noFile')}
                data-testid="assignment-file"
              />
            </Field>
            <Field label={t('assignment.note')}>
              <Textarea value={content} onChange={(event) => setContent(event.target.value)} maxLength={TEXT_MAX} rows={3} data-testid="assignment-text" />
            </Field>
          </>
        ) : (
          <Field label={t('assignment.answer')} error={problem}>
            <Textarea value={content} onChange={(event) => setContent(event.target.value)} maxLength={TEXT_MAX} rows={10} data-testid="assignment-text" />
          </Field>
        )}
        <Row>
          <Button type="submit" disabled={submit.isPending} data-testid="assignment-submit">
            {submit.isPending ? t('assignment.submitting') : view.submission === null ? t('assignment.submit') : t('assignment.resubmit')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
