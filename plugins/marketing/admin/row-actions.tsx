import { api, Button, ConfirmDialog, errorText, Icon, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type IconName = ComponentProps<typeof Icon>['name'];

/** A table row's icon button (or a glyph such as ▶): the icon seen, the label said; `title` says why it is disabled. */
export function RowAction(props: { icon?: IconName; glyph?: string; label: string; onClick: () => void; testId: string; disabled?: boolean; title?: string }) {
  return (
    <Button $variant="ghost" onClick={props.onClick} disabled={props.disabled} title={props.title} aria-label={props.label} data-testid={props.testId}>
      {props.icon === undefined ? props.glyph : <Icon name={props.icon} />}
    </Button>
  );
}

/**
 * Deleting a row after a confirmation: `ask(item)` opens the dialog; confirmed, the item's address
 * is deleted, the queries under `invalidate` refetched and a toast says it is done; a refusal
 * reaches the owner as a toast with the server's message (SPEC §8).
 */
export function useConfirmedDelete<T>(options: {
  path: (item: T) => string;
  invalidate: QueryKey;
  title: (item: T) => string;
  body: (item: T) => string;
  confirmLabel: string;
  deleted: (item: T) => string;
}): { ask: (item: T) => void; dialog: ReactNode } {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: (item: T) => api(options.path(item), { method: 'DELETE' }),
    onSuccess: async (_answer, item) => {
      setTarget(null);
      // The toast comes once the table no longer shows the row.
      await queries.invalidateQueries({ queryKey: options.invalidate });
      toast(options.deleted(item));
    },
    onError: (failure) => {
      setTarget(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={target === null ? '' : options.title(target)}
      body={target === null ? '' : options.body(target)}
      confirmLabel={options.confirmLabel}
      busy={remove.isPending}
      onConfirm={() => target !== null && remove.mutate(target)}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
