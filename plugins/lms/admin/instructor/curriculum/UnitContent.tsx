import { api, Badge, Button, Card, DocumentEditor, errorText, Row, Stack, useToast, type PuckDocument } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type ItemDetail } from '../model';
import { useUnsavedWork } from '../unsaved';

/** A stored document as the editor needs it: new units hold `{}`. */
function editable(document: Partial<PuckDocument> | undefined): PuckDocument {
  return { ...document, root: document?.root ?? { props: {} }, content: Array.isArray(document?.content) ? document.content : [] };
}

/** A unit's content (video, audio, text, files) in the visual editor, saved by its own button. */
export function UnitContent({ courseId, item }: { courseId: string; item: ItemDetail }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [initial] = useState(() => editable(item.document));
  const [document, setDocument] = useState<PuckDocument>(initial);
  const [dirty, setDirty] = useState(false);
  // The editor reports its first render as a change too: only a real difference from the saved text counts.
  const saved = useRef(JSON.stringify(initial));
  useUnsavedWork('view', dirty);
  const change = useCallback((next: PuckDocument) => {
    setDocument(next);
    setDirty(JSON.stringify(next) !== saved.current);
  }, []);
  const save = useMutation({
    mutationFn: () => api<ItemDetail>(`${API}/courses/${courseId}/items/${item.id}`, { method: 'PUT', body: { document } }),
    onSuccess: (stored) => {
      saved.current = JSON.stringify(document);
      setDirty(false);
      toast(t('content.saved'));
      queries.setQueryData(keys.item(courseId, item.id), stored);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  return (
    <Card data-testid="unit-content">
      <Stack>
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <h2 style={{ margin: 0 }}>{t('content.title')}</h2>
          <Row>
            {dirty ? <Badge $tone="warning">{t('editor.unsaved')}</Badge> : null}
            <Button type="button" disabled={!dirty || save.isPending} onClick={() => save.mutate()} data-testid="unit-content-save">
              {save.isPending ? t('details.saving') : t('content.save')}
            </Button>
          </Row>
        </Row>
        <DocumentEditor initial={initial} onChange={change} title={item.title} path={`/dashboard/instructor/courses/${courseId}`} />
      </Stack>
    </Card>
  );
}
