import { api, ApiError, Card, errorText, Field, FormActions, Grid, Input, Select, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, DISCOUNT_TYPES, keys, type Coupon, type CouponInput } from '../../shared/model';
import { useSiteCurrency } from '../../shared/useCurrency';
import { couponFormOf, emptyCouponForm, validateCoupon, type CouponErrors, type CouponForm } from './model';

/** Creates or edits a coupon with every SPEC field; a name another coupon has is shown on the name field. */
export function CouponEditor({ coupon, onDone }: { coupon?: Coupon; onDone: () => void }) {
  const { t } = useTranslation(['ecommerce-coupons', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const currency = useSiteCurrency().data;
  const digits = currency?.digits ?? 2;
  const [form, setForm] = useState<CouponForm>(() => (coupon === undefined ? emptyCouponForm() : couponFormOf(coupon, digits)));
  const [errors, setErrors] = useState<CouponErrors>({});
  const set = <K extends keyof CouponForm>(key: K, value: CouponForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const save = useMutation({
    mutationFn: (input: CouponInput) =>
      coupon === undefined
        ? api<Coupon>(`${API}/coupons`, { method: 'POST', body: input })
        : api<Coupon>(`${API}/coupons/${coupon.id}`, { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      toast(t(coupon === undefined ? 'form.created' : 'form.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: keys.coupons });
      onDone();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'coupon_name_taken') setErrors({ name: 'form.nameTaken' });
      else toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCoupon(form, digits);
    setErrors(checked.errors);
    if (checked.input !== null) save.mutate(checked.input);
  };
  const error = (field: keyof CouponErrors) => {
    const key = errors[field];
    return key === undefined ? null : t(key);
  };
  const flat = form.discountType === 'flat';
  return (
    <Card
      as="form"
      onSubmit={submit}
      noValidate
      data-testid="coupon-form"
      aria-label={coupon === undefined ? t('form.newTitle') : t('form.editTitle', { name: coupon.name })}
    >
      <Stack>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{coupon === undefined ? t('form.newTitle') : t('form.editTitle', { name: coupon.name })}</h2>
        <Grid $min="13rem">
          <Field label={t('form.name')} hint={t('form.nameHint')} error={error('name')}>
            <Input
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={60}
              autoCapitalize="characters"
              spellCheck={false}
              required
              autoFocus
              data-testid="coupon-name"
            />
          </Field>
          <Field label={t('form.discountType')}>
            <Select
              value={form.discountType}
              onChange={(e) => set('discountType', DISCOUNT_TYPES.find((d) => d === e.target.value) ?? 'percentage')}
              data-testid="coupon-type"
            >
              {DISCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={flat ? t('form.amountFlat', { currency: currency?.code ?? '' }) : t('form.amountPercent')} error={error('amount')}>
            <Input value={form.amount} onChange={(e) => set('amount', e.target.value)} inputMode="decimal" required data-testid="coupon-amount" />
          </Field>
          <Field label={t('form.usageLimit')} hint={t('form.limitHint')} error={error('usageLimit')}>
            <Input
              type="number"
              min={0}
              step={1}
              value={form.usageLimit}
              onChange={(e) => set('usageLimit', e.target.value)}
              data-testid="coupon-usage-limit"
            />
          </Field>
          <Field label={t('form.perUserLimit')} hint={t('form.limitHint')} error={error('perUserLimit')}>
            <Input
              type="number"
              min={0}
              step={1}
              value={form.perUserLimit}
              onChange={(e) => set('perUserLimit', e.target.value)}
              data-testid="coupon-per-user-limit"
            />
          </Field>
          <Field label={t('form.dateStart')} hint={t('form.dateHint')} error={error('dateStart')}>
            <Input type="datetime-local" value={form.dateStart} onChange={(e) => set('dateStart', e.target.value)} data-testid="coupon-start" />
          </Field>
          <Field label={t('form.dateEnd')} hint={t('form.dateHint')} error={error('dateEnd')}>
            <Input type="datetime-local" value={form.dateEnd} onChange={(e) => set('dateEnd', e.target.value)} data-testid="coupon-end" />
          </Field>
        </Grid>
        <FormActions busy={save.isPending} label={t('form.save')} busyLabel={t('form.saving')} onCancel={onDone} />
      </Stack>
    </Card>
  );
}
