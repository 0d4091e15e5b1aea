import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuItem } from '../api/bootstrap';
import { Icon } from '../ui/Icon';
import { Muted } from '../ui/primitives';
import { Dropdown, MenuList } from './Dropdown';

/** The create menu (manage_options or edit_posts): the quick-create links the member's plugins offer. */
export function CreateMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <Dropdown label={t('shell.create')} icon={<Icon name="plus" />} testId="create-menu">
      {(close) =>
        items.length === 0 ? (
          <Muted style={{ padding: '0.5rem' }}>{t('shell.nothingToCreate')}</Muted>
        ) : (
          <MenuList>
            {items.map((item) => (
              <li key={item.id}>
                <Link to={item.path} onClick={close} data-entry={item.id}>
                  <Icon name={item.icon} />
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </MenuList>
        )
      }
    </Dropdown>
  );
}
