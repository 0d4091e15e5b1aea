import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Button, Card, Input, Row, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';
import { CONTENT_KEY, TERMS_API, TERMS_LIMIT, termsKey, type Taxonomy, type Term } from './model';
import { slugProblem, tidySlugInput } from './slug';

const NAME_MAX = 200;

/** /dashboard/posts/terms: the blog's categories and tags. */
export function TermsManager() {
  const { t } = useTranslation('content');
  return (
    <>
      <div style={{ marginBottom: '0.75rem' }}>
        <Link to=".." relative="path">
          {t('content.post.back')}
        </Link>
      </div>
      <PageHeader title={t('content.terms.title')} />
      <Stack>
        <TaxonomyCard taxonomy="category" />
        <TaxonomyCard taxonomy="tag" />
      </Stack>
    </>
  );
}

interface TermInput {
  name: string;
  slug: string;
}

/** The error for a name or slug field: what is wrong locally, else the server's refusal of that field. */
function useFieldErrors() {
  const { t } = useTranslation('content');
  return (input: TermInput, failure: unknown, requireSlug: boolean) => {
    const name =
      input.name.trim() === '' ? t('content.terms.nameRequired') : input.name.length > NAME_MAX ? t('content.terms.nameTooLong', { max: NAME_MAX }) : null;
    const problem = input.slug === '' && !requireSlug ? null : slugProblem(input.slug);
    const slug =
      problem !== null ? t(`content.slug.${problem}`) : failure instanceof ApiError && failure.code === 'slug_taken' ? t('content.terms.slugTaken') : null;
    return { name, slug };
  };
}

/**
 * One taxonomy: create (name, optional slug), rename or re-slug in place, delete after a
 * confirmation (posts filed under it stay, unfiled), each with how many posts it files.
 */
function TaxonomyCard({ taxonomy }: { taxonomy: Taxonomy }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const queries = useQueryClient();
  const fieldErrors = useFieldErrors();
  const [draft, setDraft] = useState<TermInput>({ name: '', slug: '' });
  const [tried, setTried] = useState(false);
  const [editing, setEditing] = useState<{ id: string; input: TermInput; tried: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Term | null>(null);
  const terms = useQuery({
    queryKey: termsKey(taxonomy),
    queryFn: () => api<{ terms: Term[]; total: number }>(TERMS_API, { query: { taxonomy, limit: TERMS_LIMIT } }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: [CONTENT_KEY] });

  const create = useMutation({
    mutationFn: (input: TermInput) =>
      api<Term>(TERMS_API, { method: 'POST', body: { taxonomy, name: input.name.trim(), ...(input.slug === '' ? {} : { slug: input.slug }) } }),
    onSuccess: (term) => {
      toast(t(`content.terms.${taxonomy}.created`, { name: term.name }));
      setDraft({ name: '', slug: '' });
      setTried(false);
      void refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const rename = useMutation({
    mutationFn: ({ id, input }: { id: string; input: TermInput }) =>
      api<Term>(`${TERMS_API}/${id}`, { method: 'PUT', body: { name: input.name.trim(), slug: input.slug } }),
    onSuccess: (term) => {
      toast(t('content.terms.saved', { name: term.name }));
      setEditing(null);
      void refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const remove = useMutation({
    mutationFn: (term: Term) => api<{ status: boolean }>(`${TERMS_API}/${term.id}`, { method: 'DELETE' }),
    onSuccess: (_result, term) => {
      setDeleting(null);
      toast(t('content.terms.deleted', { name: term.name }));
      void refresh();
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });

  const createErrors = fieldErrors(draft, create.error, false);
  const submitCreate = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    create.reset();
    if (createErrors.name !== null || (draft.slug !== '' && slugProblem(draft.slug) !== null)) return;
    create.mutate(draft);
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) return;
    setEditing({ ...editing, tried: true });
    rename.reset();
    const errors = fieldErrors(editing.input, null, true);
    if (errors.name !== null || errors.slug !== null) return;
    rename.mutate({ id: editing.id, input: editing.input });
  };

  return (
    <Card data-taxonomy={taxonomy}>
      <Stack>
        <h2 style={{ margin: 0 }}>{t(`content.terms.${taxonomy}.heading`)}</h2>
        <form onSubmit={submitCreate} noValidate aria-label={t(`content.terms.${taxonomy}.new`)}>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('content.terms.name')} error={tried ? createErrors.name : null}>
                <Input value={draft.name} maxLength={NAME_MAX + 1} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              </Field>
            </div>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('content.terms.slug')} hint={t('content.terms.slugHint')} error={tried ? createErrors.slug : null}>
                <Input value={draft.slug} onChange={(e) => setDraft({ ...draft, slug: tidySlugInput(e.target.value) })} />
              </Field>
            </div>
            <Button type="submit" disabled={create.isPending} style={{ marginTop: '1.6rem' }}>
              {t(`content.terms.${taxonomy}.add`)}
            </Button>
          </Row>
        </form>
        <QueryView query={terms} isEmpty={(data) => data.terms.length === 0} empty={<EmptyState title={t(`content.terms.${taxonomy}.none`)} />}>
          {(data) => (
            <TableScroll>
              <DataTable columns={[t('content.terms.name'), t('content.terms.slug'), t('content.terms.count'), t('common.actions')]}>
                {data.terms.map((term) =>
                  editing?.id === term.id ? (
                    <tr key={term.id} data-term={term.slug}>
                      <td colSpan={4}>
                        <form onSubmit={submitRename} noValidate aria-label={t('content.terms.renameNamed', { name: term.name })}>
                          <Row $wrap style={{ alignItems: 'flex-start' }}>
                            <div style={{ flex: '1 1 12rem' }}>
                              <Field label={t('content.terms.name')} error={editing.tried ? fieldErrors(editing.input, rename.error, true).name : null}>
                                <Input
                                  autoFocus
                                  value={editing.input.name}
                                  onChange={(e) => setEditing({ ...editing, input: { ...editing.input, name: e.target.value } })}
                                />
                              </Field>
                            </div>
                            <div style={{ flex: '1 1 12rem' }}>
                              <Field
                                label={t('content.terms.slug')}
                                error={editing.tried || rename.isError ? fieldErrors(editing.input, rename.error, true).slug : null}
                              >
                                <Input
                                  value={editing.input.slug}
                                  onChange={(e) => setEditing({ ...editing, input: { ...editing.input, slug: tidySlugInput(e.target.value) } })}
                                />
                              </Field>
                            </div>
                            <Row $gap="0.4rem" style={{ marginTop: '1.6rem' }}>
                              <Button type="submit" disabled={rename.isPending}>
                                {t('common.save')}
                              </Button>
                              <Button type="button" $variant="ghost" onClick={() => (setEditing(null), rename.reset())}>
                                {t('common.cancel')}
                              </Button>
                            </Row>
                          </Row>
                        </form>
                      </td>
                    </tr>
                  ) : (
                    <tr key={term.id} data-term={term.slug}>
                      <td>{term.name}</td>
                      <td>
                        <code>{term.slug}</code>
                      </td>
                      <td className="num">{t('content.terms.posts', { count: term.count })}</td>
                      <td className="nowrap">
                        <Row $gap="0.25rem">
                          <Button
                            type="button"
                            $variant="ghost"
                            onClick={() => (setEditing({ id: term.id, input: { name: term.name, slug: term.slug }, tried: false }), rename.reset())}
                            aria-label={t('content.terms.renameNamed', { name: term.name })}
                          >
                            {t('content.terms.rename')}
                          </Button>
                          <Button
                            type="button"
                            $variant="ghost"
                            onClick={() => setDeleting(term)}
                            aria-label={t('content.terms.deleteNamed', { name: term.name })}
                          >
                            {t('common.delete')}
                          </Button>
                        </Row>
                      </td>
                    </tr>
                  ),
                )}
              </DataTable>
            </TableScroll>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t(`content.terms.${taxonomy}.confirmDelete`, { name: deleting?.name ?? '' })}
        body={t(`content.terms.${taxonomy}.confirmDeleteBody`, { count: deleting?.count ?? 0 })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
