import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  margin-bottom: 1.25rem;
  h1 {
    margin: 0;
  }
`;

/** The screen's title (also the document title) and its main actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Header>
      <h1>{title}</h1>
      {actions}
    </Header>
  );
}
