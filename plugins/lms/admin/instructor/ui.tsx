import styled from 'styled-components';

/** A field group's error line (Field draws its own; fieldsets of checkboxes use this). */
export const ErrorText = styled.span`
  color: ${(p) => p.theme.danger};
  font-size: 0.85rem;
`;

/** A fieldset laid out like the kit's Field: legend in bold, no border. */
export const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: 0.3rem;
    padding: 0;
  }
`;

/** Two or more fields side by side that wrap on narrow screens. */
export const FieldRow = styled.div`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  align-items: start;
`;
