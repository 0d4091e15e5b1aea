import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, Button, Table } from '../../../ui/primitives';
import { TableScroll } from '../../../ui/TableScroll';
import type { Touchpoint, TouchpointGroup } from './model';

const SwitchLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  cursor: pointer;
  input {
    width: 1.05rem;
    height: 1.05rem;
    margin: 0;
  }
`;

/** The kernel's labels are English on the server; known keys read in the dashboard's language. */
export function useTouchpointLabel() {
  const { t } = useTranslation('site');
  return (touchpoint: Pick<Touchpoint, 'key' | 'label' | 'plugin'>) =>
    touchpoint.plugin === undefined ? t(`site.touchpoints.labels.${touchpoint.key}`, { defaultValue: touchpoint.label }) : touchpoint.label;
}

interface TableProps {
  group: TouchpointGroup;
  /** Switches are locked while a bulk change runs, so its requests and a click cannot race. */
  locked: boolean;
  onSwitch: (key: string, field: 'email' | 'notification', on: boolean) => void;
  onEdit: (touchpoint: Touchpoint) => void;
}

/** One group's touchpoints: a row each with its two switches and its template's edit action. */
export function TouchpointTable({ group, locked, onSwitch, onEdit }: TableProps) {
  const { t } = useTranslation('site');
  const labelOf = useTouchpointLabel();
  const title =
    group.group.kind === 'kernel' ? t(`site.touchpoints.groups.${group.group.area}`) : t('site.touchpoints.groups.plugin', { name: group.group.name });
  return (
    <section aria-label={title}>
      <h3 style={{ margin: '0 0 0.5rem' }}>{title}</h3>
      <TableScroll>
        <Table style={{ tableLayout: 'fixed' }}>
          {/* Fixed columns line the switches up from one group's table to the next. */}
          <colgroup>
            <col />
            <col style={{ width: '9rem' }} />
            <col style={{ width: '11rem' }} />
            <col style={{ width: '11rem' }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('site.touchpoints.event')}</th>
              <th scope="col">{t('site.touchpoints.email')}</th>
              <th scope="col">{t('site.touchpoints.notification')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('site.touchpoints.template')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.items.map((item) => {
              const label = labelOf(item);
              return (
                <tr key={item.key} data-testid="touchpoint-row" data-key={item.key}>
                  <td>
                    {label} {item.customized ? <Badge $tone="info">{t('site.touchpoints.customized')}</Badge> : null}
                  </td>
                  <td className="nowrap">
                    <SwitchLabel>
                      <input
                        type="checkbox"
                        checked={item.email}
                        disabled={locked}
                        onChange={(e) => onSwitch(item.key, 'email', e.target.checked)}
                        data-testid="touchpoint-email"
                      />
                      <span>
                        {t('site.touchpoints.email')}
                        <span className="visually-hidden">: {label}</span>
                      </span>
                    </SwitchLabel>
                  </td>
                  <td className="nowrap">
                    <SwitchLabel>
                      <input
                        type="checkbox"
                        checked={item.notification}
                        disabled={locked}
                        onChange={(e) => onSwitch(item.key, 'notification', e.target.checked)}
                        data-testid="touchpoint-notification"
                      />
                      <span>
                        {t('site.touchpoints.notification')}
                        <span className="visually-hidden">: {label}</span>
                      </span>
                    </SwitchLabel>
                  </td>
                  <td className="nowrap" style={{ textAlign: 'end' }}>
                    <Button
                      type="button"
                      $variant="secondary"
                      onClick={() => onEdit(item)}
                      data-testid="touchpoint-edit"
                      aria-label={t('site.touchpoints.editFor', { name: label })}
                    >
                      {t('site.touchpoints.edit')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
    </section>
  );
}
