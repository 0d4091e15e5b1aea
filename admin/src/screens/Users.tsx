import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { TabPanel, Tabs } from '../ui/Tabs';
import { MembersTab } from './users/MembersTab';
import { RolesTab } from './users/RolesTab';

/** The account's members and roles (manage_options). */
export default function Users() {
  const { t } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'roles' ? 'roles' : 'members';
  const choose = (id: string) => setParams((old) => (id === 'members' ? (old.delete('tab'), old) : (old.set('tab', id), old)), { replace: true });
  return (
    <>
      <PageHeader title={t('users.title')} />
      <Tabs
        idPrefix="users"
        label={t('users.sections')}
        active={active}
        onChange={choose}
        tabs={[
          { id: 'members', label: t('users.tabs.members') },
          { id: 'roles', label: t('users.tabs.roles') },
        ]}
      />
      <TabPanel id="members" idPrefix="users" active={active === 'members'}>
        {active === 'members' ? <MembersTab /> : null}
      </TabPanel>
      <TabPanel id="roles" idPrefix="users" active={active === 'roles'}>
        {active === 'roles' ? <RolesTab /> : null}
      </TabPanel>
    </>
  );
}
