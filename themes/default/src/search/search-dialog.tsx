import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../app/site-context.js';
import { useDialogFocus } from '../lib/use-dialog-focus.js';
import { CloseIcon, SearchIcon } from '../widgets/icons.js';
import { HitImage } from './hit-image.js';
import { hitHref, SEARCH_FILTERS, showNotFound, type SearchFilter } from './search-rules.js';
import { useSearch } from './use-search.js';

/** The search dialog: term, filters, grouped results (loaded when the search is first opened). */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useSite();
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<SearchFilter>('all');
  const [active, setActive] = useState(-1);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const listId = useId();
  const search = useSearch(term, filter);
  useDialogFocus(dialog, true, onClose, input);
  useEffect(() => {
    document.documentElement.classList.add('has-modal');
    return () => document.documentElement.classList.remove('has-modal');
  }, []);
  useEffect(() => setActive(-1), [search.groups]);

  const hits = search.groups.flatMap((group) => group.hits.map((hit) => ({ ...hit, type: group.type })));
  const optionId = (index: number) => `${listId}-${index}`;
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + hits.length) % hits.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && active >= 0) {
      const hit = hits[active];
      if (hit !== undefined) {
        event.preventDefault();
        window.location.assign(hitHref(hit.url));
      }
    }
  };
  const notFound = showNotFound(search.settledTerm, search.groups, !search.loading && !search.failed && search.settledTerm === term);
  let index = -1;
  return (
    <div className="modal" data-testid="search-modal">
      <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div className="modal__dialog search-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <div className="search-modal__head">
          <h2 id={titleId} className="visually-hidden">
            {t('search.title')}
          </h2>
          <SearchIcon />
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            role="combobox"
            aria-label={t('search.label')}
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder={t('search.placeholder')}
            value={term}
            maxLength={200}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={onInputKey}
            data-testid="search-input"
          />
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="search-modal__filters" role="radiogroup" aria-label={t('search.filters')}>
          {SEARCH_FILTERS.map((value) => (
            <label key={value} className={`chip${filter === value ? ' is-active' : ''}`}>
              <input type="radio" name="search-filter" value={value} checked={filter === value} onChange={() => setFilter(value)} />
              {t(`search.type.${value}`)}
            </label>
          ))}
        </div>
        <div className="search-modal__body" aria-live="polite" aria-busy={search.loading}>
          {search.loading ? <p className="search-modal__status">{t('search.loading')}</p> : null}
          {search.failed ? (
            <p className="search-modal__status" role="alert">
              {t('search.failed')}
            </p>
          ) : null}
          {notFound ? (
            <p className="search-modal__status" data-testid="search-not-found">
              {t('errors.notFound')}
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label={t('search.title')}>
            {search.groups.map((group) => (
              <div
                key={group.type}
                role="group"
                aria-label={t(`search.type.${group.type}`)}
                className="search-group"
                data-testid={`search-group-${group.type}`}
              >
                <h3 className="search-group__title" aria-hidden="true">
                  {t(`search.type.${group.type}`)}
                </h3>
                {group.hits.map((hit) => {
                  index += 1;
                  const at = index;
                  return (
                    <a
                      key={`${group.type}-${hit.id}`}
                      id={optionId(at)}
                      role="option"
                      aria-selected={active === at}
                      className={`search-hit${active === at ? ' is-active' : ''}`}
                      href={hitHref(hit.url)}
                      tabIndex={-1}
                    >
                      <HitImage key={hit.image ?? ''} src={hit.image} member={group.type === 'members'} />
                      <span className="search-hit__text">
                        <span className="search-hit__title">{hit.title}</span>
                        {hit.excerpt === '' ? null : <span className="search-hit__excerpt">{hit.excerpt}</span>}
                      </span>
                    </a>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
