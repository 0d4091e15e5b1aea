import type { ReactNode } from 'react';
import { useSite } from '../app/site-context.js';
import { isExternal } from '../lib/image-ref.js';
import { readFooter, type FooterLink } from '../lib/site-settings.js';

function Link({ link }: { link: FooterLink }) {
  const rel = [link.newTab ? 'noopener' : '', isExternal(link.href) ? 'noreferrer' : ''].filter(Boolean).join(' ');
  return (
    <a href={link.href} target={link.newTab ? '_blank' : undefined} rel={rel === '' ? undefined : rel}>
      {link.label}
    </a>
  );
}

/**
 * The site footer (SPEC §3 Footer column): the owner's visual-editor document (`band`, drawn by
 * the caller), columns of links or rich text on a 12-column grid (each 1–12 wide), then the
 * bottom text and links.
 */
export function Footer({ band }: { band?: ReactNode }) {
  const { data } = useSite();
  const footer = readFooter(data.shell);
  const hasBottom = footer.bottomHtml.trim() !== '' || footer.bottomLinks.length > 0;
  const hasBand = band !== undefined && band !== null;
  if (footer.columns.length === 0 && !hasBottom && !hasBand)
    return <footer className={`site-footer site-footer--${footer.style} site-footer--empty`} data-testid="site-footer" />;
  return (
    <footer className={`site-footer site-footer--${footer.style}`} data-testid="site-footer">
      {hasBand ? band : null}
      {footer.columns.length > 0 ? (
        <div className="site-footer__columns">
          {footer.columns.map((column, index) => (
            <div key={index} className={`footer-column footer-column--${column.type} footer-column--w${column.width}`}>
              {column.title === '' ? null : <h2 className="footer-column__title">{column.title}</h2>}
              {column.type === 'links' ? (
                <ul className="footer-column__links">
                  {column.links.map((link, i) => (
                    <li key={i}>
                      <Link link={link} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="footer-column__text rich-text" dangerouslySetInnerHTML={{ __html: column.html }} />
              )}
            </div>
          ))}
        </div>
      ) : null}
      {hasBottom ? (
        <div className="site-footer__bottom">
          {footer.bottomHtml.trim() === '' ? null : (
            <div className="site-footer__bottom-text rich-text" dangerouslySetInnerHTML={{ __html: footer.bottomHtml }} />
          )}
          {footer.bottomLinks.length > 0 ? (
            <ul className="site-footer__bottom-links">
              {footer.bottomLinks.map((link, i) => (
                <li key={i}>
                  <Link link={link} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </footer>
  );
}
