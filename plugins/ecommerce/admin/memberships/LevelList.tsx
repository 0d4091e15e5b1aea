import { api, Button, Card, EmptyState, errorText, Icon, PageHeader, QueryView, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { API, keys, MANAGE_PATH, MEMBERSHIPS_PATH, type Level } from '../shared/model';
import { LevelForm } from './LevelForm';
import { ConfirmItem, ListTable, RowIconButton } from '../shared/ListParts';

/** The membership levels with their course, page-and-post and active member counts; a new level's form opens above the list. */
export function LevelList() {
  const { t, i18n } = useTranslation(['ecommerce-memberships', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Level | null>(null);
  const levels = useQuery({ queryKey: keys.levels, queryFn: () => api<Level[]>(`${API}/memberships`) });
  const remove = useMutation({
    mutationFn: (level: Level) => api(`${API}/memberships/${level.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, level) => {
      setDeleting(null);
      toast(t('list.deleted', { name: level.name }));
      void queries.invalidateQueries({ queryKey: keys.levels });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const number = new Intl.NumberFormat(i18n.language);
  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={creating} data-testid="new-level">
      <Icon name="plus" />
      {t('list.new')}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Row $wrap>
            <Button as={Link} to={MANAGE_PATH} $variant="ghost">
              {t('list.shop')}
            </Button>
            {createButton}
          </Row>
        }
      />
      <Stack>
        {creating ? (
          <LevelForm
            onCancel={() => setCreating(false)}
            onSaved={(level) => {
              setCreating(false);
              void navigate(`${MEMBERSHIPS_PATH}/${level.id}`);
            }}
          />
        ) : null}
        <QueryView
          query={levels}
          isEmpty={(data) => data.length === 0}
          empty={creating ? null : <EmptyState title={t('list.none')} hint={t('list.noneHint')} action={createButton} />}
        >
          {(data) => (
            <Card>
              <ListTable
                testId="level-list"
                columns={[
                  t('list.column.name'),
                  t('list.column.courses'),
                  t('list.column.content'),
                  t('list.column.members'),
                  <span className="visually-hidden">{t('list.column.actions')}</span>,
                ]}
              >
                {data.map((level) => (
                  <tr key={level.id} data-testid="level-row" data-level={level.id}>
                    <td>
                      <Link to={level.id}>{level.name}</Link>
                    </td>
                    <td className="num">{number.format(level.course_ids.length)}</td>
                    <td className="num" data-testid="level-content-count">
                      {number.format(level.content_ids.length)}
                    </td>
                    <td className="num" data-testid="level-members">
                      {number.format(level.active_members)}
                    </td>
                    <td>
                      <RowIconButton
                        icon="trash"
                        label={t('list.deleteLabel', { name: level.name })}
                        onClick={() => setDeleting(level)}
                        testId="level-delete"
                      />
                    </td>
                  </tr>
                ))}
              </ListTable>
            </Card>
          )}
        </QueryView>
      </Stack>
      <ConfirmItem
        item={deleting}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('list.deleteBody', { members: number.format(deleting?.active_members ?? 0) })}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
