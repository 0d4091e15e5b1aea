import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { Button, Card, Input, Muted, Row, Select, Stack, Textarea } from '../../ui/primitives';
import { Fieldset, ItemButtons, linkProblem, LinksEditor, SaveBar, StyleSelect, type LinkItem } from './controls';
import { isIntIn, moveItem, removeAt, replaceAt, str, type Section } from './model';
import { BlocksCard } from './blocks/BlocksCard';
import { useDraft, useSaveSite, type TabProps } from './useSite';

export const FOOTER_STYLES = ['classic', 'dark', 'light', 'minimal'] as const;
const MAX_COLUMNS = 6;

type Column = { title: string; width: number } & ({ type: 'links'; data: LinkItem[] } | { type: 'text'; data: string });

interface Footer {
  footer_style: string;
  footer_columns: Column[];
  footer_bottom: string;
  footer_bottom_links: LinkItem[];
}

function links(value: unknown): LinkItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((l): l is Record<string, unknown> => typeof l === 'object' && l !== null)
    .map((l) => ({ label: str(l.label), url: str(l.url), ...(l.new_tab === true ? { new_tab: true } : {}) }));
}

function columns(value: unknown): Column[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .map((c) => {
      const base = { title: str(c.title), width: typeof c.width === 'number' ? c.width : 3 };
      return c.type === 'text' ? { ...base, type: 'text' as const, data: str(c.data) } : { ...base, type: 'links' as const, data: links(c.data) };
    });
}

const fromSection = (s: Section): Footer => ({
  footer_style: str(s.footer_style),
  footer_columns: columns(s.footer_columns),
  footer_bottom: str(s.footer_bottom),
  footer_bottom_links: links(s.footer_bottom_links),
});

/** The public site's footer: style, up to six columns of links or text, and the bottom line. */
export function FooterTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSection(site.footer), onDirty);
  const save = useSaveSite();
  const setColumns = (list: Column[]) => setDraft((d) => ({ ...d, footer_columns: list }));
  const valid =
    draft.footer_columns.every((c) => isIntIn(c.width, 1, 12) && (c.type === 'text' || !c.data.some(linkProblem))) &&
    !draft.footer_bottom_links.some(linkProblem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const { footer_style: style, ...rest } = draft;
    save.mutate({ footer: style === '' ? rest : draft });
  };
  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Card>
            <StyleSelect
              label={t('site.footer.style')}
              value={draft.footer_style}
              options={FOOTER_STYLES}
              onChange={(v) => setDraft((d) => ({ ...d, footer_style: v }))}
            />
          </Card>
          <Card>
            <h2 style={{ marginTop: 0 }}>{t('site.footer.columns')}</h2>
            <Muted style={{ marginBottom: '1rem' }}>{t('site.footer.columnsHint', { max: MAX_COLUMNS })}</Muted>
            <Stack>
              {draft.footer_columns.map((column, index) => (
                <Fieldset key={index} data-testid="footer-column">
                  <legend>{column.title.trim() === '' ? t('site.footer.column', { n: index + 1 }) : column.title}</legend>
                  <Stack $gap="0.75rem">
                    <Row $wrap style={{ alignItems: 'flex-start' }}>
                      <div style={{ flex: '2 1 12rem' }}>
                        <Field label={t('site.footer.title')}>
                          <Input
                            value={column.title}
                            maxLength={80}
                            onChange={(e) => setColumns(replaceAt(draft.footer_columns, index, { ...column, title: e.target.value }))}
                          />
                        </Field>
                      </div>
                      <div style={{ flex: '1 1 8rem' }}>
                        <Field label={t('site.footer.type')}>
                          <Select
                            value={column.type}
                            onChange={(e) =>
                              setColumns(
                                replaceAt(
                                  draft.footer_columns,
                                  index,
                                  e.target.value === 'text'
                                    ? { title: column.title, width: column.width, type: 'text', data: '' }
                                    : { title: column.title, width: column.width, type: 'links', data: [] },
                                ),
                              )
                            }
                          >
                            <option value="links">{t('site.footer.types.links')}</option>
                            <option value="text">{t('site.footer.types.text')}</option>
                          </Select>
                        </Field>
                      </div>
                      <div style={{ flex: '1 1 7rem' }}>
                        <Field
                          label={t('site.footer.width')}
                          hint={t('site.footer.widthHint')}
                          error={isIntIn(column.width, 1, 12) ? null : t('site.footer.widthInvalid')}
                        >
                          <Input
                            type="number"
                            min={1}
                            max={12}
                            value={Number.isNaN(column.width) ? '' : column.width}
                            onChange={(e) =>
                              setColumns(
                                replaceAt(draft.footer_columns, index, { ...column, width: e.target.value === '' ? Number.NaN : Number(e.target.value) }),
                              )
                            }
                          />
                        </Field>
                      </div>
                    </Row>
                    {column.type === 'text' ? (
                      <Field label={t('site.footer.text')} hint={t('site.htmlHint')}>
                        <Textarea
                          value={column.data}
                          maxLength={5000}
                          onChange={(e) => setColumns(replaceAt(draft.footer_columns, index, { ...column, data: e.target.value }))}
                        />
                      </Field>
                    ) : (
                      <LinksEditor
                        legend={t('site.footer.links')}
                        links={column.data}
                        max={30}
                        onChange={(list) => setColumns(replaceAt(draft.footer_columns, index, { ...column, data: list }))}
                      />
                    )}
                    <ItemButtons
                      index={index}
                      count={draft.footer_columns.length}
                      name={column.title}
                      onMove={(delta) => setColumns(moveItem(draft.footer_columns, index, delta))}
                      onRemove={() => setColumns(removeAt(draft.footer_columns, index))}
                    />
                  </Stack>
                </Fieldset>
              ))}
              <div>
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={draft.footer_columns.length >= MAX_COLUMNS}
                  onClick={() => setColumns([...draft.footer_columns, { title: '', width: 3, type: 'links', data: [] }])}
                >
                  {t('site.footer.addColumn')}
                </Button>
              </div>
            </Stack>
          </Card>
          <Card>
            <h2 style={{ marginTop: 0 }}>{t('site.footer.bottom')}</h2>
            <Stack>
              <Field label={t('site.footer.bottomText')} hint={t('site.htmlHint')}>
                <Textarea value={draft.footer_bottom} maxLength={5000} onChange={(e) => setDraft((d) => ({ ...d, footer_bottom: e.target.value }))} />
              </Field>
              <LinksEditor
                legend={t('site.footer.bottomLinks')}
                links={draft.footer_bottom_links}
                max={20}
                onChange={(list) => setDraft((d) => ({ ...d, footer_bottom_links: list }))}
              />
            </Stack>
          </Card>
          <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
        </Stack>
      </form>
      <BlocksCard part="footer" site={site} />
    </Stack>
  );
}
