import { Button, Icon } from '@lectern/admin/kit';
import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  min-width: 0;
`;

/**
 * The real file input lies transparent over the button's face: a click anywhere on the face opens
 * the picker, Tab reaches the input itself (Enter or Space opens it) and its focus ring is drawn on
 * the face.
 */
const Face = styled.span`
  position: relative;
  display: inline-flex;
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
    cursor: pointer;
    font-size: 0;
  }
  input:focus-visible + span {
    outline: 2px solid ${(p) => p.theme.focus};
    outline-offset: 2px;
  }
  input:disabled {
    cursor: not-allowed;
  }
  input:disabled + span {
    opacity: 0.55;
  }
`;

const Chosen = styled.span<{ $none: boolean }>`
  color: ${(p) => (p.$none ? p.theme.muted : p.theme.text)};
  overflow-wrap: anywhere;
  min-width: 0;
`;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'>;

/**
 * A file input that looks like the kit's secondary Button and names the chosen file beside it. The
 * props (id, aria-describedby from Field, accept, data-testid) go to the input itself, so a Field's
 * label names it.
 */
export function FilePicker({
  buttonLabel,
  noneLabel,
  onFile,
  ...input
}: InputProps & { buttonLabel: string; noneLabel: string; onFile: (file: File | null) => void }) {
  const [name, setName] = useState<string | null>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setName(file?.name ?? null);
    onFile(file);
  };
  return (
    <Wrap>
      <Face>
        <input type="file" {...input} onChange={change} />
        <Button as="span" $variant="secondary" aria-hidden="true">
          <Icon name="upload" size={16} />
          {buttonLabel}
        </Button>
      </Face>
      <Chosen $none={name === null} aria-live="polite" data-testid="file-picker-name">
        {name ?? noneLabel}
      </Chosen>
    </Wrap>
  );
}
