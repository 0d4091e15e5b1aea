import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBootstrap } from '../api/bootstrap';
import { Icon } from '../ui/Icon';
import { PageHeader } from '../ui/PageHeader';
import { Card, Grid, Row } from '../ui/primitives';
import { Loading } from '../ui/states';

/** /dashboard/manage: every management screen the member can reach, in one place. */
export default function Manage() {
  const { t } = useTranslation();
  const boot = useBootstrap();
  if (boot.data === undefined) return <Loading />;
  const screens = boot.data.menu.profile.filter((item) => item.path.startsWith('/dashboard/manage/'));
  return (
    <>
      <PageHeader title={t('menu.manage')} />
      <Grid $min="14rem">
        {screens.map((item) => (
          <Card key={item.id} as={Link} to={item.path} style={{ textDecoration: 'none', color: 'inherit' }} data-entry={item.id}>
            <Row>
              <Icon name={item.icon} size={28} />
              <strong>{t(item.label)}</strong>
            </Row>
          </Card>
        ))}
      </Grid>
    </>
  );
}
