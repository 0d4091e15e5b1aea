import { api, Button, PageHeader, QueryView, Stack } from '@lectern/admin/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { API, keys, MEMBERSHIPS_PATH, type Level } from '../shared/model';
import { LevelForm } from './LevelForm';
import { LevelMembers } from './LevelMembers';

/** /dashboard/manage/ecommerce/memberships/:id: a level's settings and its members. */
export function LevelDetail() {
  const { t } = useTranslation('ecommerce-memberships');
  const { id = '' } = useParams();
  const queries = useQueryClient();
  const key = [...keys.levels, 'one', id];
  const level = useQuery({ queryKey: key, queryFn: () => api<Level>(`${API}/memberships/${id}`) });
  // After a save the form shows the saved level (its key changes), so "Cancel" returns to what is stored.
  const [version, setVersion] = useState(0);
  return (
    <QueryView query={level}>
      {(loaded) => (
        <>
          <PageHeader
            title={loaded.name}
            actions={
              <Button as={Link} to={MEMBERSHIPS_PATH} $variant="ghost" data-testid="level-back">
                {t('detail.back')}
              </Button>
            }
          />
          <Stack>
            <LevelForm
              key={version}
              level={loaded}
              onSaved={(saved) => {
                queries.setQueryData(key, saved);
                setVersion((v) => v + 1);
              }}
              onCancel={() => setVersion((v) => v + 1)}
            />
            <LevelMembers level={loaded} />
          </Stack>
        </>
      )}
    </QueryView>
  );
}
