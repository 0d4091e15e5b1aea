import type { ComponentProps, ReactNode } from 'react';
import { Table } from './primitives';

/** A table whose header row is a list of column titles, so screens write only their rows. */
export function DataTable({
  columns,
  children,
  ...rest
}: { columns: (ReactNode | false | null)[]; children: ReactNode } & Omit<ComponentProps<typeof Table>, 'children'>) {
  return (
    <Table {...rest}>
      <thead>
        <tr>
          {columns
            .filter((column) => column !== false && column !== null)
            .map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}
