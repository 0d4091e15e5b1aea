import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Badge, Button, Input, Muted, Row, Stack, Textarea } from '../../../ui/primitives';
import { errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import { BODY_MAX, SUBJECT_MAX, tokensFor, type Touchpoint } from './model';
import { useTouchpointLabel } from './TouchpointTable';
import { useSaveTemplate } from './useTouchpoints';

// The body is HTML: a tall monospaced box reads and edits it best.
const Form = styled.form`
  textarea {
    min-height: 14rem;
    font-family: ui-monospace, monospace;
    font-size: 0.9rem;
  }
`;

const Token = styled.button`
  font:
    0.85rem ui-monospace,
    monospace;
  padding: 0.15rem 0.45rem;
  border-radius: 4px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceAlt};
  color: ${(p) => p.theme.text};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.focus};
    outline-offset: 1px;
  }
`;

type Target = 'subject' | 'body';

/**
 * Edits a touchpoint's subject (plain text) and HTML body. The placeholders it may use are listed,
 * and a click puts one at the caret of the field last edited. Restoring the defaults asks first.
 */
export function TemplateDialog({ touchpoint, onClose }: { touchpoint: Touchpoint | null; onClose: () => void }) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const labelOf = useTouchpointLabel();
  const fields = useRef<{ subject: HTMLInputElement | null; body: HTMLTextAreaElement | null }>({ subject: null, body: null });
  // Names the placeholder list for the group of buttons below it.
  const tokensId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [target, setTarget] = useState<Target>('body');
  const [tried, setTried] = useState(false);
  const [confirmRestore, setConfirmRestore] = useState(false);
  const save = useSaveTemplate();
  const { reset: resetSave } = save;

  const reset = () => {
    if (touchpoint === null) return;
    setSubject(touchpoint.subject);
    setBody(touchpoint.body);
    setTarget('body');
    setTried(false);
    resetSave();
  };

  const subjectProblem =
    subject.trim() === ''
      ? t('site.touchpoints.subjectRequired')
      : subject.length > SUBJECT_MAX
        ? t('site.touchpoints.subjectTooLong', { max: SUBJECT_MAX })
        : null;
  const bodyProblem =
    body.trim() === '' ? t('site.touchpoints.bodyRequired') : body.length > BODY_MAX ? t('site.touchpoints.bodyTooLong', { max: BODY_MAX }) : null;

  const insert = (token: string) => {
    const text = `{{${token}}}`;
    const field = fields.current[target];
    const value = target === 'subject' ? subject : body;
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + text + value.slice(end);
    if (target === 'subject') setSubject(next);
    else setBody(next);
    // Put the caret after the placeholder once React has written the new value.
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const finish = (message: string) => {
    toast(message);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (touchpoint === null || subjectProblem !== null || bodyProblem !== null) return;
    save.mutate({ key: touchpoint.key, subject, body }, { onSuccess: () => finish(t('site.touchpoints.templateSaved')) });
  };

  const restore = () => {
    if (touchpoint === null) return;
    save.mutate(
      { key: touchpoint.key, subject: null, body: null },
      {
        onSuccess: () => {
          setConfirmRestore(false);
          finish(t('site.touchpoints.templateRestored'));
        },
        onError: () => setConfirmRestore(false),
      },
    );
  };

  return (
    <>
      <Modal
        open={touchpoint !== null}
        title={touchpoint === null ? '' : t('site.touchpoints.dialogTitle', { name: labelOf(touchpoint) })}
        onClose={onClose}
        onOpen={reset}
        width={44}
        testId="touchpoint-dialog"
      >
        {touchpoint === null ? null : (
          <Form onSubmit={submit} noValidate>
            <Stack>
              <Field
                label={t('site.touchpoints.subject')}
                hint={t('site.touchpoints.subjectHint', { length: subject.length, max: SUBJECT_MAX })}
                error={tried ? subjectProblem : null}
              >
                <Input
                  ref={(node) => {
                    fields.current.subject = node;
                  }}
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                  onFocus={() => setTarget('subject')}
                  data-testid="touchpoint-subject"
                />
              </Field>
              <Field label={t('site.touchpoints.body')} hint={t('site.touchpoints.bodyHint')} error={tried ? bodyProblem : null}>
                <Textarea
                  ref={(node) => {
                    fields.current.body = node;
                  }}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  onFocus={() => setTarget('body')}
                  spellCheck={false}
                  data-testid="touchpoint-body"
                />
              </Field>
              <Stack $gap="0.4rem">
                <Muted id={tokensId}>{t(target === 'subject' ? 'site.touchpoints.tokensSubject' : 'site.touchpoints.tokensBody')}</Muted>
                <Row $wrap $gap="0.35rem" role="group" aria-labelledby={tokensId}>
                  {tokensFor(touchpoint).map((token) => (
                    <Token key={token} type="button" onClick={() => insert(token)}>{`{{${token}}}`}</Token>
                  ))}
                </Row>
              </Stack>
              {save.error ? (
                <p role="alert" style={{ margin: 0 }}>
                  <Badge $tone="danger">{t('site.saveFailed')}</Badge> {errorText(t, save.error)}
                </p>
              ) : null}
              <Row $wrap style={{ justifyContent: 'flex-end' }}>
                {touchpoint.customized ? (
                  <Button type="button" $variant="ghost" onClick={() => setConfirmRestore(true)} disabled={save.isPending} style={{ marginInlineEnd: 'auto' }}>
                    {t('site.touchpoints.restore')}
                  </Button>
                ) : null}
                <Button type="button" $variant="secondary" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? t('common.saving') : t('common.save')}
                </Button>
              </Row>
            </Stack>
          </Form>
        )}
      </Modal>
      {/* A sibling, not a child: React would pass the confirmation's close event on to the editor's dialog. */}
      <ConfirmDialog
        open={confirmRestore}
        title={t('site.touchpoints.restoreTitle')}
        body={t('site.touchpoints.restoreBody')}
        confirmLabel={t('site.touchpoints.restore')}
        busy={save.isPending}
        onConfirm={restore}
        onClose={() => setConfirmRestore(false)}
      />
    </>
  );
}
