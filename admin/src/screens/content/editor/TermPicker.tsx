import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { api } from '../../../api/client';
import { Button, Input, Muted, Row } from '../../../ui/primitives';
import { errorText } from '../../../ui/states';
import { useToast } from '../../../ui/toasts';
import { Fieldset } from '../../site/controls';
import { CONTENT_KEY, TERMS_API, TERMS_LIMIT, termsKey, type Taxonomy, type Term } from '../model';

const Choices = styled.ul`
  list-style: none;
  margin: 0 0 0.6rem;
  padding: 0;
  max-height: 11rem;
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  label {
    display: inline-flex;
    gap: 0.45rem;
    align-items: center;
    cursor: pointer;
  }
  input {
    width: 1rem;
    height: 1rem;
    margin: 0;
  }
`;

/**
 * A post's categories or tags: the site's terms as checkboxes, and a box to add a new one on the
 * spot (it is created and ticked). `error` is the server's refusal of the choice, if any.
 */
export function TermPicker({
  taxonomy,
  selected,
  onChange,
  error,
}: {
  taxonomy: Taxonomy;
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const queries = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const terms = useQuery({
    queryKey: termsKey(taxonomy),
    queryFn: () => api<{ terms: Term[]; total: number }>(TERMS_API, { query: { taxonomy, limit: TERMS_LIMIT } }),
  });
  const create = useMutation({
    mutationFn: (termName: string) => api<Term>(TERMS_API, { method: 'POST', body: { taxonomy, name: termName } }),
    onSuccess: (term) => {
      setName('');
      onChange([...selected, term.id]);
      void queries.invalidateQueries({ queryKey: [CONTENT_KEY, 'terms'] });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  const add = () => {
    const trimmed = name.trim();
    if (trimmed === '' || create.isPending) return;
    const existing = terms.data?.terms.find((term) => term.name.toLowerCase() === trimmed.toLowerCase());
    if (existing !== undefined) {
      if (!selected.includes(existing.id)) toggle(existing.id, true);
      setName('');
      return;
    }
    create.mutate(trimmed.slice(0, 200));
  };
  return (
    <Fieldset aria-describedby={error ? errorId : undefined} data-terms={taxonomy}>
      <legend>{t(`editor.terms.${taxonomy}`)}</legend>
      {terms.isPending ? (
        <Muted>{t('common.loading')}</Muted>
      ) : terms.isError ? (
        <Muted role="alert">{errorText(t, terms.error)}</Muted>
      ) : terms.data.terms.length === 0 ? (
        <Muted style={{ marginBottom: '0.6rem' }}>{t(`editor.terms.none.${taxonomy}`)}</Muted>
      ) : (
        <Choices>
          {terms.data.terms.map((term) => (
            <li key={term.id}>
              <label>
                <input type="checkbox" checked={selected.includes(term.id)} onChange={(e) => toggle(term.id, e.target.checked)} />
                {term.name}
              </label>
            </li>
          ))}
        </Choices>
      )}
      <Row $gap="0.4rem">
        <label htmlFor={inputId} className="visually-hidden">
          {t(`editor.terms.newLabel.${taxonomy}`)}
        </label>
        <Input
          id={inputId}
          value={name}
          maxLength={200}
          placeholder={t(`editor.terms.newLabel.${taxonomy}`)}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" $variant="secondary" onClick={add} disabled={name.trim() === '' || create.isPending}>
          {t('editor.terms.add')}
        </Button>
      </Row>
      {error ? (
        <p id={errorId} role="alert" style={{ margin: '0.4rem 0 0', color: 'inherit' }}>
          {error}
        </p>
      ) : null}
    </Fieldset>
  );
}
