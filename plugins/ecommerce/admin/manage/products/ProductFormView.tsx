import { api, Card, Field, FormActions, Grid, Input, Muted, Row, Select, Stack, Textarea } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckList } from '../../shared/CheckList';
import { API, DURATION_PARAMETERS, keys, PRICE_TYPES, PRODUCT_STATUSES, type Level, type Page, type Product, type ProductInput } from '../../shared/model';
import { useSiteCurrency } from '../../shared/useCurrency';
import { useLmsCourses } from '../../shared/useLmsCourses';
import { PRODUCT_LIMITS, validateProduct, type ProductErrors, type ProductForm } from './form';

/** The most products the cross-sell picker offers (the list API pages by at most 100). */
const CROSS_CHOICES = 100;

type FieldName = keyof ProductErrors | 'courseId' | 'membershipId';
type ServerError = { field: FieldName; message: string } | null;

/**
 * Every field of a product (SPEC §3): title, description, status, price (typed in major units,
 * sent in minor units), renewal period, featured image, cross-sells, and what the sale delivers:
 * an LMS course (when the LMS answers) and a membership level.
 */
export function ProductFormView({
  initial,
  selfId,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: ProductForm;
  selfId?: string;
  busy: boolean;
  serverError: ServerError;
  onSubmit: (input: ProductInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('ecommerce-products');
  const currency = useSiteCurrency().data;
  const digits = currency?.digits ?? 2;
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ProductErrors>({});
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const products = useQuery({
    queryKey: [...keys.products, 'choices'],
    queryFn: () => api<Page<Product>>(`${API}/products`, { query: { status: 'all', from: 0, to: CROSS_CHOICES - 1, sort: 'title.asc' } }),
  });
  const levels = useQuery({ queryKey: keys.levels, queryFn: () => api<Level[]>(`${API}/memberships`) });
  const courses = useLmsCourses();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProduct(form, digits, selfId);
    setErrors(checked.errors);
    if (checked.input !== null) onSubmit(checked.input);
  };
  /** The form's own check first, else what the server refused for this field. */
  const errorOf = (field: FieldName): string | null => {
    const own = (errors as Partial<Record<FieldName, string>>)[field];
    if (own !== undefined) return t(own);
    return serverError?.field === field ? serverError.message : null;
  };
  const crossOptions = (products.data?.items ?? [])
    .filter((p) => p.id !== selfId)
    .map((p) => ({ id: p.id, label: p.status === 'draft' ? `${p.title} (${t('status.draft')})` : p.title }));
  const subscription = form.priceType === 'subscription';

  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="product-form" style={{ maxWidth: '48rem' }}>
      <Stack>
        <Field label={t('form.title')} error={errorOf('title')}>
          <Input
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={PRODUCT_LIMITS.title}
            required
            autoFocus
            data-testid="product-title"
          />
        </Field>
        <Field label={t('form.description')}>
          <Textarea
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={PRODUCT_LIMITS.description}
            data-testid="product-description"
          />
        </Field>
        <Grid $min="12rem">
          <Field label={t('form.status')}>
            <Select
              value={form.status}
              onChange={(e) => set('status', PRODUCT_STATUSES.find((s) => s === e.target.value) ?? 'draft')}
              data-testid="product-status"
            >
              {PRODUCT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('form.priceType')}>
            <Select
              value={form.priceType}
              onChange={(e) => set('priceType', PRICE_TYPES.find((s) => s === e.target.value) ?? 'onetime')}
              data-testid="product-price-type"
            >
              {PRICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('form.amount', { currency: currency?.code ?? '' })} hint={t('form.amountHint')} error={errorOf('amount')}>
            <Input
              value={form.amount}
              onChange={(e) => set('amount', e.target.value)}
              inputMode={digits === 0 ? 'numeric' : 'decimal'}
              required
              data-testid="product-amount"
            />
          </Field>
        </Grid>
        {subscription ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <legend style={{ fontWeight: 600, fontSize: '0.9rem', marginBottom: '0.3rem' }}>{t('form.renews')}</legend>
            <Row $wrap style={{ alignItems: 'flex-start' }}>
              <div style={{ flex: '0 1 8rem' }}>
                <Field label={t('form.durationValue')} error={errorOf('durationValue')}>
                  <Input
                    type="number"
                    min={1}
                    max={PRODUCT_LIMITS.durationMax}
                    step={1}
                    value={form.durationValue}
                    onChange={(e) => set('durationValue', e.target.value)}
                    data-testid="product-duration-value"
                  />
                </Field>
              </div>
              <div style={{ flex: '0 1 12rem' }}>
                <Field label={t('form.durationParameter')}>
                  <Select
                    value={form.durationParameter}
                    onChange={(e) => set('durationParameter', DURATION_PARAMETERS.find((p) => p === e.target.value) ?? 'month')}
                    data-testid="product-duration-parameter"
                  >
                    {DURATION_PARAMETERS.map((parameter) => (
                      <option key={parameter} value={parameter}>
                        {t(`unit.${parameter}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
            </Row>
          </fieldset>
        ) : (
          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <legend style={{ fontWeight: 600, fontSize: '0.9rem', marginBottom: '0.3rem' }}>{t('form.sale')}</legend>
            <Grid>
              <Field label={t('form.saleAmount', { currency: currency?.code ?? '' })} hint={t('form.saleAmountHint')} error={errorOf('saleAmount')}>
                <Input
                  value={form.saleAmount}
                  onChange={(e) => set('saleAmount', e.target.value)}
                  inputMode={digits === 0 ? 'numeric' : 'decimal'}
                  data-testid="product-sale-amount"
                />
              </Field>
              <Field label={t('form.saleEnds')} hint={t('form.saleEndsHint')} error={errorOf('saleEnds')}>
                <Input
                  type="datetime-local"
                  value={form.saleEnds}
                  onChange={(e) => set('saleEnds', e.target.value)}
                  disabled={form.saleAmount.trim() === ''}
                  data-testid="product-sale-ends"
                />
              </Field>
            </Grid>
          </fieldset>
        )}
        <Field label={t('form.image')} hint={t('form.imageHint')} error={errorOf('featuredImage')}>
          <Input
            value={form.featuredImage}
            onChange={(e) => set('featuredImage', e.target.value)}
            maxLength={PRODUCT_LIMITS.image}
            inputMode="url"
            data-testid="product-image"
          />
        </Field>
        <CheckList
          legend={t('form.cross')}
          hint={t('form.crossHint', { max: PRODUCT_LIMITS.cross })}
          options={crossOptions}
          selected={form.cross}
          onChange={(ids) => set('cross', ids)}
          filterLabel={t('form.filter')}
          emptyText={products.isPending ? t('form.loadingChoices') : t('form.noOtherProducts')}
          error={errorOf('cross')}
          testId="product-cross"
        />
        <Grid $min="14rem">
          {courses.data === null ? null : (
            <Field label={t('form.course')} hint={t('form.courseHint')} error={errorOf('courseId')}>
              <Select value={form.courseId} onChange={(e) => set('courseId', e.target.value)} disabled={courses.isPending} data-testid="product-course">
                <option value="">{t('form.noCourse')}</option>
                {/* A course the LMS no longer lists (deleted, or past the first 100) stays selectable so saving does not drop it silently. */}
                {form.courseId !== '' && courses.data?.some((c) => c.id === form.courseId) !== true ? (
                  <option value={form.courseId}>{t('form.unknownCourse')}</option>
                ) : null}
                {(courses.data ?? []).map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.status === 'draft' ? `${course.title} (${t('status.draft')})` : course.title}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t('form.membership')} hint={t('form.membershipHint')} error={errorOf('membershipId')}>
            <Select
              value={form.membershipId}
              onChange={(e) => set('membershipId', e.target.value)}
              disabled={levels.isPending}
              data-testid="product-membership"
            >
              <option value="">{t('form.noMembership')}</option>
              {form.membershipId !== '' && levels.data?.some((l) => l.id === form.membershipId) === false ? (
                <option value={form.membershipId}>{t('form.unknownMembership')}</option>
              ) : null}
              {(levels.data ?? []).map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name}
                </option>
              ))}
            </Select>
          </Field>
        </Grid>
        {courses.isError ? <Muted role="status">{t('form.coursesFailed')}</Muted> : null}
        <FormActions busy={busy} label={t('form.save')} busyLabel={t('form.saving')} onCancel={onCancel} />
      </Stack>
    </Card>
  );
}
