import type { SiteShell } from '@lectern/sdk';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The site title the owner set, else the account's name. */
export function siteName(shell: SiteShell): string {
  return text(shell.settings.sitetitle) ?? shell.account.name;
}

/** Logo (the owner's image when set, with its dark variant) and the site's name, linking home. */
export function Brand({ shell }: { shell: SiteShell }) {
  const name = siteName(shell);
  const logo = text(shell.settings.logo);
  const darkLogo = text(shell.settings.dark_logo);
  return (
    <a className="brand" href="/" aria-label={`${name} home`}>
      {logo === undefined ? (
        <span className="brand-mark" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <>
          <img className={darkLogo === undefined ? 'brand-logo' : 'brand-logo brand-logo-light'} src={logo} alt="" height={32} />
          {darkLogo !== undefined && <img className="brand-logo brand-logo-dark" src={darkLogo} alt="" height={32} />}
        </>
      )}
      <span className="brand-name">{name}</span>
    </a>
  );
}
