import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../../ui/Field';
import { Textarea, Input } from '../../../ui/primitives';
import { Check, Fieldset } from '../../site/controls';
import type { ContentType } from '../model';
import { LIMITS, type Draft, type DraftProblems } from './draft';
import { MediaUrlInput } from './MediaUrlInput';
import { TermPicker } from './TermPicker';

const Columns = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  align-items: start;
  > * {
    display: flex;
    flex-direction: column;
    gap: 0.85rem;
    min-width: 0;
  }
`;

/** A media field with its label, hint and error wired like <Field>'s, around the picker's own controls. */
function MediaSetting({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '0.3rem' }}>
      <label htmlFor={id} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
        {label}
      </label>
      <MediaUrlInput
        id={id}
        value={value}
        onChange={onChange}
        label={label}
        imagesOnly
        invalid={Boolean(error)}
        describedBy={hint === undefined ? undefined : `${id}-hint`}
      />
      {hint === undefined ? null : (
        <small id={`${id}-hint`} style={{ opacity: 0.8 }}>
          {hint}
        </small>
      )}
      {error ? <span role="alert">{error}</span> : null}
    </div>
  );
}

/**
 * The item's settings beside its blocks: excerpt, SEO (title, description, sharing image, keep out
 * of search engines), and per type the page's "no header and footer" or the post's featured flag,
 * featured image, categories and tags.
 */
export function SettingsPanel({
  type,
  draft,
  onChange,
  problems,
  termsError,
}: {
  type: ContentType;
  draft: Draft;
  onChange: (change: (draft: Draft) => Draft) => void;
  problems: DraftProblems;
  termsError: string | null;
}) {
  const { t } = useTranslation('content');
  const tooLong = (max: number) => t('editor.field.tooLong', { max });
  const seo = <K extends keyof Draft['seo']>(key: K, value: Draft['seo'][K]) => onChange((d) => ({ ...d, seo: { ...d.seo, [key]: value } }));
  return (
    <Columns>
      <div>
        <Field
          label={t('editor.field.excerpt')}
          hint={t('editor.field.excerptHint', { length: draft.excerpt.length, max: LIMITS.excerpt })}
          error={problems.excerpt ? tooLong(LIMITS.excerpt) : null}
        >
          <Textarea rows={3} value={draft.excerpt} onChange={(e) => onChange((d) => ({ ...d, excerpt: e.target.value }))} data-testid="excerpt" />
        </Field>
        {type === 'page' ? (
          <Fieldset>
            <legend>{t('editor.page.settings')}</legend>
            <Check
              label={t('editor.page.hideChrome')}
              checked={draft.hideChrome}
              onChange={(on) => onChange((d) => ({ ...d, hideChrome: on }))}
              testId="hide-chrome"
            />
          </Fieldset>
        ) : (
          <Fieldset>
            <legend>{t('editor.post.settings')}</legend>
            <div style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
              <Check
                label={t('editor.post.featured')}
                checked={draft.featured}
                onChange={(on) => onChange((d) => ({ ...d, featured: on }))}
                testId="featured"
              />
              <MediaSetting
                label={t('editor.post.featuredImage')}
                value={draft.featuredImage}
                error={problems.featuredImage ? tooLong(LIMITS.url) : null}
                onChange={(value) => onChange((d) => ({ ...d, featuredImage: value }))}
              />
            </div>
          </Fieldset>
        )}
      </div>
      <div>
        <Fieldset>
          <legend>{t('editor.seo.title')}</legend>
          <div style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
            <Field label={t('editor.seo.metaTitle')} hint={t('editor.seo.metaTitleHint')} error={problems.seoTitle ? tooLong(LIMITS.seoTitle) : null}>
              <Input value={draft.seo.title} onChange={(e) => seo('title', e.target.value)} />
            </Field>
            <Field
              label={t('editor.seo.description')}
              hint={t('editor.seo.descriptionHint')}
              error={problems.seoDescription ? tooLong(LIMITS.seoDescription) : null}
            >
              <Textarea rows={3} value={draft.seo.description} onChange={(e) => seo('description', e.target.value)} />
            </Field>
            <MediaSetting
              label={t('editor.seo.image')}
              hint={t('editor.seo.imageHint')}
              value={draft.seo.image}
              error={problems.seoImage ? tooLong(LIMITS.url) : null}
              onChange={(value) => seo('image', value)}
            />
            <Check label={t('editor.seo.noindex')} checked={draft.seo.noindex} onChange={(on) => seo('noindex', on)} testId="noindex" />
          </div>
        </Fieldset>
      </div>
      {type === 'post' ? (
        <div>
          <TermPicker taxonomy="category" selected={draft.categories} onChange={(ids) => onChange((d) => ({ ...d, categories: ids }))} error={termsError} />
          <TermPicker taxonomy="tag" selected={draft.tags} onChange={(ids) => onChange((d) => ({ ...d, tags: ids }))} />
        </div>
      ) : null}
    </Columns>
  );
}
