import { Button, ConfirmDialog, DataTable, Field, Icon, Input, Pagination, Row, TableScroll } from '@lectern/admin/kit';
import type { CSSProperties, ReactNode } from 'react';
import { PAGE_SIZE } from './model';

/**
 * A list tab's header row: the search field first, then whatever filters and buttons the tab adds
 * (`children`), wrapping on narrow screens.
 */
export function SearchRow({
  label,
  hint,
  value,
  onChange,
  maxLength,
  testId,
  style,
  children,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  testId: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <Row $wrap style={{ alignItems: 'flex-end', ...style }}>
      <div style={{ flex: '1 1 14rem' }}>
        <Field label={label} hint={hint}>
          <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} data-testid={testId} />
        </Field>
      </div>
      {children}
    </Row>
  );
}

/** A list's table (scrolling sideways when narrow) and, for a paged list, its pager of PAGE_SIZE rows. */
export function ListTable({
  testId,
  columns,
  page,
  children,
}: {
  testId: string;
  columns: ReactNode[];
  page?: { offset: number; total: number; onChange: (offset: number) => void };
  children: ReactNode;
}) {
  return (
    <>
      <TableScroll>
        <DataTable data-testid={testId} columns={columns}>
          {children}
        </DataTable>
      </TableScroll>
      {page === undefined ? null : <Pagination offset={page.offset} limit={PAGE_SIZE} total={page.total} onChange={page.onChange} />}
    </>
  );
}

/** A row's icon-only action (edit, delete): the label is what a screen reader says. */
export function RowIconButton({ icon, label, onClick, testId }: { icon: string; label: string; onClick: () => void; testId: string }) {
  return (
    <Button $variant="ghost" onClick={onClick} aria-label={label} data-testid={testId}>
      <Icon name={icon} />
    </Button>
  );
}

/** Asks before acting on `item` (deleting it, revoking it; closed while it is null); `onConfirm` runs on confirmation. */
export function ConfirmItem<Item>({
  item,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  item: Item | null;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (item: Item) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={() => item !== null && onConfirm(item)}
      onClose={onClose}
    />
  );
}
