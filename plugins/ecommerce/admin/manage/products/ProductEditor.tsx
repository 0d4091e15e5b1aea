import { api, ApiError, Button, errorText, PageHeader, QueryView, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { API, keys, MANAGE_PATH, type Product, type ProductInput } from '../../shared/model';
import { useSiteCurrency } from '../../shared/useCurrency';
import { emptyProductForm, productFormOf, type ProductErrors } from './form';
import { ProductFormView } from './ProductFormView';

/** Server refusals that belong to one field of the form. */
const FIELD_ERRORS: Record<string, { field: keyof ProductErrors | 'courseId' | 'membershipId'; key: string }> = {
  course_not_found: { field: 'courseId', key: 'form.courseGone' },
  membership_not_found: { field: 'membershipId', key: 'form.membershipGone' },
  cross_product_not_found: { field: 'cross', key: 'form.crossGone' },
  sale_not_lower: { field: 'saleAmount', key: 'form.saleNotLower' },
  sale_end_passed: { field: 'saleEnds', key: 'form.saleEndPassed' },
};

/** /dashboard/manage/ecommerce/products/new and /products/:id: a product's form; saving returns to the list. */
export function ProductEditor() {
  const { t } = useTranslation(['ecommerce-products', 'ecommerce-shop']);
  const { id } = useParams();
  const digits = useSiteCurrency().data?.digits ?? 2;
  const product = useQuery({
    queryKey: [...keys.products, 'one', id],
    queryFn: () => api<Product>(`${API}/products/${id}`),
    enabled: id !== undefined,
  });
  const title = id === undefined ? t('form.newTitle') : t('form.editTitle');
  const back = (
    <Button as={Link} to={MANAGE_PATH} $variant="ghost" data-testid="product-back">
      {t('form.back')}
    </Button>
  );
  return (
    <>
      <PageHeader title={title} actions={back} />
      {id === undefined ? (
        <ProductSaver initial={emptyProductForm()} />
      ) : (
        <QueryView query={product}>{(loaded) => <ProductSaver key={loaded.id} product={loaded} initial={productFormOf(loaded, digits)} />}</QueryView>
      )}
    </>
  );
}

function ProductSaver({ product, initial }: { product?: Product; initial: ReturnType<typeof emptyProductForm> }) {
  const { t } = useTranslation(['ecommerce-products', 'ecommerce-shop']);
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: (input: ProductInput) =>
      product === undefined
        ? api<Product>(`${API}/products`, { method: 'POST', body: input })
        : api<Product>(`${API}/products/${product.id}`, { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      toast(t(product === undefined ? 'form.created' : 'form.saved', { title: saved.title }));
      void queries.invalidateQueries({ queryKey: keys.products });
      void navigate(MANAGE_PATH);
    },
  });
  const failure = save.error;
  const known = failure instanceof ApiError ? FIELD_ERRORS[failure.code] : undefined;
  return (
    <ProductFormView
      initial={initial}
      selfId={product?.id}
      busy={save.isPending}
      serverError={known === undefined ? null : { field: known.field, message: t(known.key) }}
      onSubmit={(input) =>
        save.mutate(input, {
          onError: (error) => {
            if (!(error instanceof ApiError && error.code in FIELD_ERRORS)) toast(errorText(t, error), 'danger');
          },
        })
      }
      onCancel={() => void navigate(MANAGE_PATH)}
    />
  );
}
