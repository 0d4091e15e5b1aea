import { PageHeader, TabPanel, Tabs } from '@lectern/admin/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignsPanel } from './CampaignsPanel';
import { ContactsPanel } from './ContactsPanel';
import { FormsPanel } from './FormsPanel';
import { ListsPanel } from './ListsPanel';
import { OverviewPanel } from './OverviewPanel';
import { PopupsPanel } from './PopupsPanel';

/** SPEC §2 /dashboard/manage/marketing: the marketing home (figures and charts), then the site's contacts, mailing lists, forms, popups and campaigns. */
export default function MarketingScreen() {
  const { t } = useTranslation('marketing-admin');
  const [tab, setTab] = useState('overview');
  return (
    <>
      <PageHeader title={t('title')} />
      <Tabs
        tabs={[
          { id: 'overview', label: t('tabs.overview') },
          { id: 'contacts', label: t('tabs.contacts') },
          { id: 'lists', label: t('tabs.lists') },
          { id: 'forms', label: t('tabs.forms') },
          { id: 'popups', label: t('tabs.popups') },
          { id: 'campaigns', label: t('tabs.campaigns') },
        ]}
        active={tab}
        onChange={setTab}
        label={t('title')}
        idPrefix="marketing"
        testIdPrefix="marketing-tab"
      />
      <TabPanel id="overview" idPrefix="marketing" active={tab === 'overview'}>
        <OverviewPanel onOpen={setTab} />
      </TabPanel>
      <TabPanel id="contacts" idPrefix="marketing" active={tab === 'contacts'}>
        <ContactsPanel />
      </TabPanel>
      <TabPanel id="lists" idPrefix="marketing" active={tab === 'lists'}>
        <ListsPanel />
      </TabPanel>
      <TabPanel id="forms" idPrefix="marketing" active={tab === 'forms'}>
        <FormsPanel />
      </TabPanel>
      <TabPanel id="popups" idPrefix="marketing" active={tab === 'popups'}>
        <PopupsPanel />
      </TabPanel>
      <TabPanel id="campaigns" idPrefix="marketing" active={tab === 'campaigns'}>
        <CampaignsPanel />
      </TabPanel>
    </>
  );
}
