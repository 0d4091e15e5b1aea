import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bootstrap } from '../api/bootstrap';
import { usePreferences } from '../app/preferences';
import { signOut } from '../auth/AuthProvider';
import { LANGUAGES, isLanguage } from '../i18n/languages';
import { THEME_NAMES } from '../theme/themes';
import { Avatar } from '../ui/Avatar';
import { Icon } from '../ui/Icon';
import { Select } from '../ui/primitives';
import { Dropdown, MenuHeading, MenuList } from './Dropdown';

/** The account menu: the profile menu's entries, theme and language, and logout. */
export function AccountMenu({ boot }: { boot: Bootstrap }) {
  const { t, i18n } = useTranslation();
  const prefs = usePreferences();
  return (
    <Dropdown label={t('shell.accountMenu')} icon={<Avatar src={boot.member.avatar} name={boot.member.name} size={28} />} width="17rem" testId="account-menu">
      {(close) => (
        <>
          <MenuHeading>{boot.member.name}</MenuHeading>
          <MenuList data-testid="profile-menu">
            {boot.menu.profile.map((item) => (
              <li key={item.id}>
                <Link to={item.path} onClick={close} data-entry={item.id}>
                  <Icon name={item.icon} />
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </MenuList>
          <MenuHeading id="theme-heading">{t('shell.theme')}</MenuHeading>
          <MenuList role="radiogroup" aria-labelledby="theme-heading">
            {THEME_NAMES.map((name) => (
              <li key={name}>
                <button role="radio" aria-checked={prefs.theme === name} onClick={() => prefs.setTheme(name)} data-theme-choice={name}>
                  {prefs.theme === name ? '●' : '○'} {t(`shell.themes.${name}`)}
                </button>
              </li>
            ))}
          </MenuList>
          <MenuHeading>
            <label htmlFor="language-choice">{t('shell.language')}</label>
          </MenuHeading>
          <div style={{ padding: '0 0.6rem 0.5rem' }}>
            <Select
              id="language-choice"
              value={i18n.language}
              onChange={(e) => isLanguage(e.target.value) && void prefs.setLanguage(e.target.value)}
              data-testid="language-choice"
            >
              {Object.entries(LANGUAGES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          <MenuList>
            <li>
              <button onClick={() => void signOut()} data-testid="logout">
                <Icon name="logout" />
                {t('shell.logout')}
              </button>
            </li>
          </MenuList>
        </>
      )}
    </Dropdown>
  );
}
