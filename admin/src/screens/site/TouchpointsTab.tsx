import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, Muted, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState } from '../../ui/states';
import { BulkSwitches } from './touchpoints/BulkSwitches';
import { groupTouchpoints, type Touchpoint } from './touchpoints/model';
import { TemplateDialog } from './touchpoints/TemplateDialog';
import { TouchpointTable } from './touchpoints/TouchpointTable';
import { useSwitchTouchpoint, useTouchpoints } from './touchpoints/useTouchpoints';

/** Why the last switch went back; it stays until the next click (the toast fades). */
const SwitchFailed = styled.p`
  margin: 0;
  color: ${(p) => p.theme.danger};
`;

/**
 * SPEC §7 touchpoints: which course, quiz and assignment events (and plugins' own) send an email
 * and leave a notification. Nothing fires until the owner switches it on here; each switch shows
 * the click at once and saves it, going back with a message if the save is refused (unlike the
 * other tabs' forms). `active`: the list is fetched once the tab is first shown.
 */
export function TouchpointsTab({ active }: { active: boolean }) {
  const { t } = useTranslation('site');
  const [seen, setSeen] = useState(active);
  if (active && !seen) setSeen(true);
  const query = useTouchpoints(seen);
  const switches = useSwitchTouchpoint();
  const [editing, setEditing] = useState<Touchpoint | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);
  return (
    <div data-testid="touchpoints-tab">
      <QueryView
        query={query}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title={t('site.touchpoints.empty')} hint={t('site.touchpoints.emptyHint')} />}
      >
        {(list) => (
          <Card>
            <Stack>
              <div>
                <h2 style={{ marginTop: 0 }}>{t('site.touchpoints.title')}</h2>
                <Muted>{t('site.touchpoints.intro')}</Muted>
              </div>
              <BulkSwitches touchpoints={list} onRunning={setBulkRunning} />
              {switches.failure === null ? null : (
                <SwitchFailed role="alert" data-testid="touchpoint-switch-failed">
                  {switches.failure}
                </SwitchFailed>
              )}
              {groupTouchpoints(switches.apply(list)).map((group) => (
                <TouchpointTable key={group.id} group={group} locked={bulkRunning} onSwitch={switches.flip} onEdit={setEditing} />
              ))}
            </Stack>
          </Card>
        )}
      </QueryView>
      <TemplateDialog touchpoint={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
